import { EMAIL_CONFIRM_TTL_DAYS } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

/** The link that proves an address: sent at registration, or to a new address saved in /perfil. */
export function confirmEmailEmail(
  to: { email: string; username: string },
  link: string,
  reason: 'registered' | 'changed',
): MailMessage {
  return letter({
    to: to.email,
    subject: 'Confirma tu correo electrónico',
    greeting: `Hola, ${to.username}:`,
    paragraphs: [
      reason === 'registered'
        ? 'Gracias por registrarte en la comunidad.'
        : 'Has pedido que esta sea la nueva dirección de correo de tu cuenta. El cambio se aplicará cuando la confirmes.',
      'Para confirmar que esta dirección es tuya, abre este enlace:',
    ],
    button: {
      label: 'Confirmar mi correo',
      link,
      note: `El enlace caduca en ${EMAIL_CONFIRM_TTL_DAYS} días y solo puede usarse una vez.`,
    },
    closing: ['Si no has sido tú, ignora este mensaje.'],
  });
}

/** To the old address: someone signed in asked to move the account to another email. */
export function emailChangeRequestedEmail(
  to: { email: string; username: string },
  newEmail: string,
): MailMessage {
  return letter({
    to: to.email,
    subject: 'Se ha pedido cambiar el correo de tu cuenta',
    greeting: `Hola, ${to.username}:`,
    paragraphs: [
      `Se ha pedido que el correo de tu cuenta pase a ser ${newEmail}. Hasta que se confirme desde esa dirección, tu cuenta sigue usando esta.`,
      'Si no has sido tú, cambia tu contraseña cuanto antes con «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión.',
    ],
  });
}
