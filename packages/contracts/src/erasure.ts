import { z } from 'zod';
import { SubscriptionEnding } from './billing';
import { endpointsOf } from './http';
import { USER_LIMITS } from './user-fields';

const endpoint = endpointsOf('accounts');

/**
 * "Eliminar mi cuenta" (/perfil, "Mis datos"): the member erases their own account after reading what happens.
 * Administrators erase any member from the users table (DELETE /api/admin/users/:id runs the same erasure).
 */
export const ERASURE_MESSAGES = {
  passwordRequired: 'Introduce tu contraseña actual para eliminar tu cuenta',
  passwordWrong: 'La contraseña actual no es correcta',
  codeRequired: 'Escribe el código de tu aplicación de autenticación o uno de tus códigos de recuperación',
  lastAdmin:
    'Eres el último administrador: no puedes eliminar tu cuenta. Da a otra cuenta el rol de administrador antes.',
  alreadyScheduled: 'Tu cuenta ya está programada para eliminarse al final del periodo pagado.',
  failed: 'Error al eliminar la cuenta',
  erased: 'Tu cuenta se ha eliminado',
  scheduled: (date: string) => `Tu cuenta se eliminará el ${date}, al terminar el periodo pagado.`,
  cancelSchedule: 'No eliminar mi cuenta',
  notScheduled: 'Tu cuenta no está programada para eliminarse.',
  scheduleCancelled:
    'Tu cuenta ya no se eliminará. Tu suscripción sigue sin renovarse: puedes reactivarla en «Gestionar suscripción».',
} as const;

/** What the member reads before confirming, in order. */
export const ERASURE_CONSEQUENCES = [
  'Se cerrarán todas tus sesiones y no podrás volver a iniciar sesión.',
  'Se borrarán tus datos personales: los textos generados con IA, los perfiles de audiencia, los registros de vídeos guardados, tus marcas de clases vistas y tus inicios de sesión.',
  'Si tienes una suscripción activa, se cancelará en Stripe: ahora, o al final del periodo pagado si eliges conservar el acceso hasta entonces.',
  'Recibirás un correo que confirma la eliminación.',
  'El Historial de los administradores conserva las acciones sobre tu cuenta bajo un seudónimo, sin tu nombre ni tu correo.',
] as const;

/** How the member's own subscription ends: the same two choices as an administrator's, "now" by default. */
export const DeleteMyAccountBody = z.strictObject({
  password: z
    .string()
    .max(USER_LIMITS.passwordMax, ERASURE_MESSAGES.passwordWrong)
    .min(1, ERASURE_MESSAGES.passwordRequired),
  /** The authenticator app's code or a backup code, when the account has the app on. */
  code: z.string().trim().max(32).optional(),
  subscription_end: SubscriptionEnding.default('now'),
});
export type DeleteMyAccountBody = z.input<typeof DeleteMyAccountBody>;

/** Erased at once, or scheduled for the end of the paid period (an ISO instant). */
export const DeleteMyAccountResponse = z.strictObject({
  status: z.enum(['erased', 'scheduled']),
  erase_at: z.string().nullable(),
});
export type DeleteMyAccountResponse = z.infer<typeof DeleteMyAccountResponse>;

/** What the section shows before the member decides: a scheduled erasure, and the paid period if one is live. */
export const MyErasure = z.strictObject({
  /** When the account will be erased, if the member chose to keep access until the paid period ends. */
  erase_at: z.string().nullable(),
  /** The end of the live subscription's paid period, when the member has one (they may keep access until then). */
  paid_until: z.string().nullable(),
  /** The account has an authenticator app: the confirmation asks for a code too. */
  code_required: z.boolean(),
  /** The member is the last active administrator: the server refuses the erasure, so the form is not offered. */
  last_admin: z.boolean(),
});
export type MyErasure = z.infer<typeof MyErasure>;

export const getMyErasure = endpoint({
  summary: 'Muestra si la cuenta propia está programada para eliminarse',
  method: 'GET',
  path: '/api/accounts/erasure',
  response: MyErasure,
});

export const deleteMyAccount = endpoint({
  summary: 'Elimina la cuenta propia y sus datos personales (confirmado con la contraseña)',
  method: 'POST',
  path: '/api/accounts/erasure',
  body: DeleteMyAccountBody,
  response: DeleteMyAccountResponse,
});

export const cancelMyErasure = endpoint({
  summary: 'Cancela la eliminación programada de la cuenta propia',
  method: 'DELETE',
  path: '/api/accounts/erasure',
  response: MyErasure,
});

/** The pseudonym Historial shows in place of an erased member's name: «Miembro eliminado #a1b2c3». */
export const ERASED_MEMBER_PREFIX = 'Miembro eliminado #';
