import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('notifications');

/**
 * The emails the community sends about accounts, each switchable by an admin (/config, "Correos"):
 * a new registration (to every active admin), a welcome when an admin activates an account, and the refusal
 * of a pending account.
 */
export const MailSettings = z.strictObject({
  new_registration: z.boolean(),
  account_activated: z.boolean(),
  account_refused: z.boolean(),
});
export type MailSettings = z.infer<typeof MailSettings>;

export const MAIL_SETTING_LABELS: Record<keyof MailSettings, { label: string; description: string }> = {
  new_registration: {
    label: 'Nuevo registro',
    description:
      'Avisa a los administradores de cada cuenta nueva pendiente de activación (como mucho un correo cada 10 minutos; los siguientes registros se agrupan en un resumen).',
  },
  account_activated: {
    label: 'Cuenta activada',
    description:
      'Da la bienvenida al miembro cuando un administrador activa su cuenta, con el enlace para iniciar sesión.',
  },
  account_refused: {
    label: 'Solicitud rechazada',
    description:
      'Avisa al miembro cuando se elimina su cuenta pendiente de activación, con el motivo si se indica.',
  },
};

/** At most one registration email per admin in this many minutes; later sign-ups join a digest. */
export const REGISTRATION_MAIL_INTERVAL_MINUTES = 10;

export const NOTIFICATION_MESSAGES = {
  load: 'Error al cargar la configuración de correos',
  save: 'Error al guardar la configuración de correos',
  saved: 'Configuración de correos guardada',
} as const;

export const getMailSettings = endpoint({
  summary: 'Muestra qué correos reciben los administradores',
  method: 'GET',
  path: '/api/admin/mail-settings',
  response: MailSettings,
});

export const saveMailSettings = endpoint({
  summary: 'Guarda qué correos reciben los administradores',
  method: 'PUT',
  path: '/api/admin/mail-settings',
  body: MailSettings,
  response: MailSettings,
});
