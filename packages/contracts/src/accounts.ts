import { z } from 'zod';
import { SessionUser } from './auth';
import { endpointsOf, OkResponse } from './http';
import {
  EmailField,
  PASSWORD_MISMATCH,
  PasswordField,
  PhoneField,
  RequiredPhoneField,
  TAKEN_MESSAGES,
  USER_LIMITS,
  UsernameField,
} from './user-fields';

const endpoint = endpointsOf('accounts');

/** Spanish texts of the account pages (spec sections 2, 5 and 8), shared by the server and the web client. */
export const ACCOUNT_MESSAGES = {
  emailTaken: TAKEN_MESSAGES.email,
  usernameTaken: TAKEN_MESSAGES.username,
  emailTakenByOther: 'Este correo electrónico ya está registrado por otro usuario',
  usernameTakenByOther: 'Este nombre de usuario ya está en uso por otro usuario',
  accountTaken: 'Este nombre de usuario o correo electrónico ya está en uso por otro usuario',
  useDifferentData: 'Por favor, utiliza un nombre de usuario y correo electrónico diferentes',
  registerFailed: 'Error al crear la cuenta',
  registered: '¡Cuenta creada correctamente!',
  confirmEmailSent: 'Te hemos enviado un correo para confirmar tu dirección: abre su enlace.',
  emailConfirmInvalid: 'El enlace para confirmar el correo no es válido o ha caducado.',
  emailConfirmed: 'Correo electrónico confirmado',
  emailChangePending: (email: string) =>
    `Te hemos enviado un enlace a ${email}: tu correo cambiará cuando lo abras.`,
  registering: 'Creando cuenta...',
  recoveryEmailRequired: 'Por favor, introduce tu correo electrónico',
  recoveryEmailInvalid: 'Por favor, introduce un correo electrónico válido',
  recoveryRequesting: 'Enviando solicitud de recuperación...',
  recoverySent: 'Instrucciones enviadas a tu correo electrónico',
  requestFailed: 'Error al procesar la solicitud',
  resetTokenInvalid:
    'El enlace de recuperación no es válido o ha caducado. Solicita uno nuevo para cambiar tu contraseña.',
  passwordChanged: 'Contraseña actualizada correctamente. Ya puedes iniciar sesión con tu nueva contraseña.',
  profileUpdated: 'Perfil actualizado correctamente',
  noSession: 'No hay sesión activa',
  tooManyRequests: 'Demasiadas solicitudes. Espera unos minutos antes de volver a intentarlo.',
  currentPasswordRequired:
    'Introduce tu contraseña actual para cambiar la contraseña o el correo electrónico',
  currentPasswordWrong: 'La contraseña actual no es correcta',
} as const;

/** How long a password-recovery link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;

// ---- Registration ----

/** What the server accepts. Role and active flag are never taken from a visitor: a body naming them is refused. */
export const RegisterBody = z.strictObject({
  username: UsernameField,
  email: EmailField,
  phone: RequiredPhoneField,
  password: PasswordField,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

const confirmation = z.string().max(USER_LIMITS.passwordMax, PASSWORD_MISMATCH);

/** The registration form: the body plus the confirmation, which must match. */
export const RegisterForm = RegisterBody.extend({ confirmPassword: confirmation }).refine(
  (form) => form.password === form.confirmPassword,
  { message: PASSWORD_MISMATCH, path: ['confirmPassword'], when: () => true },
);
export type RegisterForm = z.infer<typeof RegisterForm>;

export const register = endpoint({
  summary: 'Registra una cuenta nueva',
  method: 'POST',
  path: '/api/accounts/register',
  body: RegisterBody,
  response: OkResponse,
});

// ---- Password recovery ----

export const RecoveryEmailField = z
  .string({ error: ACCOUNT_MESSAGES.recoveryEmailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.recoveryEmailRequired)
  .max(USER_LIMITS.email, ACCOUNT_MESSAGES.recoveryEmailInvalid)
  .pipe(z.email(ACCOUNT_MESSAGES.recoveryEmailInvalid));

export const PasswordResetRequestBody = z.strictObject({ email: RecoveryEmailField });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>;

/** Same answer whether or not an account has that email. */
export const requestPasswordReset = endpoint({
  summary: 'Envía un enlace para restablecer la contraseña',
  method: 'POST',
  path: '/api/accounts/password-reset/request',
  body: PasswordResetRequestBody,
  response: OkResponse,
});

export const ResetTokenField = z
  .string({ error: ACCOUNT_MESSAGES.resetTokenInvalid })
  .trim()
  .min(1, ACCOUNT_MESSAGES.resetTokenInvalid)
  .max(200, ACCOUNT_MESSAGES.resetTokenInvalid);

/** Tells the reset form, before the member types, whether the link still works. */
export const checkPasswordResetToken = endpoint({
  summary: 'Comprueba si un enlace para restablecer la contraseña sigue vigente',
  method: 'POST',
  path: '/api/accounts/password-reset/check',
  body: z.strictObject({ token: ResetTokenField }),
  /**
   * The account's passkeys: a reset offers to remove them (one added by whoever had the password would
   * otherwise outlive the new password).
   */
  response: z.strictObject({
    ok: z.literal(true),
    passkeys: z.array(z.strictObject({ name: z.string(), created_at: z.string() })),
  }),
});

/** Days a link that confirms an email stays usable. */
export const EMAIL_CONFIRM_TTL_DAYS = 7;

/** Follows the emailed link that proves an address (at registration, or a new one saved in /perfil). */
export const confirmEmail = endpoint({
  summary: 'Confirma un correo electrónico con el enlace recibido',
  method: 'POST',
  path: '/api/accounts/email/confirm',
  body: z.strictObject({
    token: z
      .string({ error: ACCOUNT_MESSAGES.emailConfirmInvalid })
      .trim()
      .min(1, ACCOUNT_MESSAGES.emailConfirmInvalid)
      .max(200, ACCOUNT_MESSAGES.emailConfirmInvalid),
  }),
  response: z.strictObject({ ok: z.literal(true), email: z.string() }),
});

export const PasswordResetBody = z.strictObject({
  token: ResetTokenField,
  password: PasswordField,
  /** Also remove every passkey of the account (the page lists them). */
  remove_passkeys: z.boolean().optional(),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** The new-password form of the emailed link. */
export const NewPasswordForm = z
  .strictObject({ password: PasswordField, confirmPassword: confirmation })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORD_MISMATCH,
    path: ['confirmPassword'],
    when: () => true,
  });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

export const resetPassword = endpoint({
  summary: 'Restablece la contraseña con el enlace recibido',
  method: 'POST',
  path: '/api/accounts/password-reset',
  body: PasswordResetBody,
  response: OkResponse,
});

// ---- Profile ----

/**
 * The signed-in member's own account. A blank password keeps the current one. Anything else a client sends
 * (id, role_id, is_active) is refused: the server edits only the signed-in user and never their role or status.
 */
export const ProfileBody = z.strictObject({
  username: UsernameField,
  email: EmailField,
  phone: PhoneField.default(''),
  password: z.union([z.literal(''), PasswordField]).default(''),
  /** Required (checked on the server) to change the password or the email: a session alone is not enough. */
  current_password: z
    .string()
    .max(USER_LIMITS.passwordMax, ACCOUNT_MESSAGES.currentPasswordWrong)
    .default(''),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

export const updateProfile = endpoint({
  summary: 'Actualiza el perfil propio',
  method: 'PUT',
  path: '/api/accounts/profile',
  body: ProfileBody,
  /** `pending_email`: a new address waits for its emailed link; until then the account keeps the old one. */
  response: SessionUser.extend({ pending_email: z.string().nullable() }),
});
