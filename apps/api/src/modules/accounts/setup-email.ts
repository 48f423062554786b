import { PASSWORD_SETUP_TTL_DAYS } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

/**
 * The email a member without a password gets (an imported member, or an account a payment made): the link
 * lets them choose a password (the recovery page, with a link that lasts days instead of an hour).
 */
export function passwordSetupEmail(to: { email: string; username: string }, link: string): MailMessage {
  return letter({
    to: to.email,
    subject: 'Tu cuenta en la comunidad: elige tu contraseña',
    greeting: `Hola, ${to.username}:`,
    paragraphs: [
      'Tu cuenta de la comunidad ya está disponible en nuestra nueva plataforma.',
      'Para entrar, elige tu contraseña con este enlace:',
    ],
    button: {
      label: 'Elegir mi contraseña',
      link,
      note: `El enlace caduca en ${PASSWORD_SETUP_TTL_DAYS} días y solo puede usarse una vez.`,
    },
    closing: ['Si el enlace caduca, usa «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión.'],
  });
}
