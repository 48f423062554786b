import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

interface Member {
  email: string;
  username: string;
}

const NOT_YOU =
  'Si no has sido tú, cambia tu contraseña cuanto antes, revisa las llaves de acceso de tu cuenta y cierra las sesiones que no reconozcas en «Seguridad», dentro de tu perfil.';

/** To a member: a passkey was added to the account (and its other sessions were closed). */
export function passkeyAddedEmail(member: Member, passkeyName: string, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Se ha añadido una llave de acceso a tu cuenta',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      `Se ha añadido la llave de acceso «${passkeyName}» a tu cuenta. A partir de ahora puedes entrar con ella, sin escribir tu contraseña.`,
      'Por seguridad, hemos cerrado las demás sesiones abiertas de tu cuenta; el dispositivo desde el que la añadiste sigue conectado.',
      NOT_YOU,
    ],
    button: { label: 'Revisar la seguridad de mi cuenta', link },
  });
}

/** To a member: a passkey was removed from the account. */
export function passkeyRemovedEmail(member: Member, passkeyName: string, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Se ha eliminado una llave de acceso de tu cuenta',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      `Se ha eliminado la llave de acceso «${passkeyName}» de tu cuenta: ya no sirve para entrar.`,
      NOT_YOU,
    ],
    button: { label: 'Revisar la seguridad de mi cuenta', link },
  });
}
