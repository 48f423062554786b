import { RESET_TOKEN_TTL_MINUTES } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

/** The password-recovery email, in Spanish, as plain text and HTML. */
export function resetPasswordEmail(to: { email: string; username: string }, link: string): MailMessage {
  return letter({
    to: to.email,
    subject: 'Recupera tu contraseña',
    greeting: `Hola, ${to.username}:`,
    paragraphs: [
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
      'Para elegir una nueva contraseña, abre este enlace:',
    ],
    button: {
      label: 'Elegir una nueva contraseña',
      link,
      note: `El enlace caduca en ${RESET_TOKEN_TTL_MINUTES} minutos y solo puede usarse una vez.`,
    },
    closing: [
      'Si no has solicitado este cambio, ignora este mensaje: tu contraseña actual seguirá funcionando.',
    ],
  });
}
