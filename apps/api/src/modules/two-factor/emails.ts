import { EMAIL_CODE_MINUTES } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

interface Member {
  email: string;
  username: string;
}

const IF_NOT_YOU =
  'Si no has sido tú, cambia tu contraseña cuanto antes desde tu perfil y avisa a un administrador de la comunidad.';

/** The code an administrator types when signing in from a device we do not know. */
export function signInCodeEmail(member: Member, code: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tu código para iniciar sesión',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Se ha iniciado sesión con tu contraseña desde un dispositivo que no habías usado antes. Para terminar de entrar, escribe este código:',
      `${code.slice(0, 3)} ${code.slice(3)}`,
      `Caduca en ${EMAIL_CODE_MINUTES} minutos y solo sirve una vez. No lo compartas con nadie: nunca te lo pediremos por teléfono ni por correo.`,
    ],
    closing: [`Si no has intentado iniciar sesión, alguien conoce tu contraseña. ${IF_NOT_YOU}`],
  });
}

/** An administrator's account was opened from a new device (with the app or a backup code). */
export function newDeviceEmail(member: Member, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Nuevo inicio de sesión en tu cuenta',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Se acaba de iniciar sesión en tu cuenta de administrador desde un dispositivo nuevo. Si has sido tú, no tienes que hacer nada.',
      IF_NOT_YOU,
    ],
    button: { label: 'Revisar mi seguridad', link },
  });
}

export function totpOnEmail(member: Member, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Has activado la verificación en dos pasos',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Tu cuenta ya pide un código de tu aplicación de autenticación cada vez que inicias sesión. Por seguridad, hemos cerrado las sesiones abiertas en tus otros dispositivos.',
      'Guarda tus códigos de recuperación en un lugar seguro: te permitirán entrar si pierdes el móvil.',
      IF_NOT_YOU,
    ],
    button: { label: 'Ver mi seguridad', link },
  });
}

export function totpOffEmail(member: Member, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Has desactivado la verificación en dos pasos',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Tu cuenta ya no pide un código de la aplicación de autenticación al iniciar sesión, y tus códigos de recuperación han dejado de servir.',
      IF_NOT_YOU,
    ],
    button: { label: 'Volver a activarla', link },
  });
}

export function codesRenewedEmail(member: Member, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tienes códigos de recuperación nuevos',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Has generado diez códigos de recuperación nuevos. Los anteriores ya no sirven.',
      IF_NOT_YOU,
    ],
    button: { label: 'Ver mi seguridad', link },
  });
}

export function resetEmail(member: Member, by: 'admin' | 'server', link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Se ha restablecido tu verificación en dos pasos',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      by === 'admin'
        ? 'Un administrador de la comunidad ha quitado la verificación en dos pasos de tu cuenta, normalmente porque has perdido el acceso a tu aplicación de autenticación.'
        : 'Se ha quitado la verificación en dos pasos de tu cuenta desde el servidor de la comunidad, normalmente porque has perdido el acceso a tu aplicación de autenticación.',
      'Ahora entras solo con tu contraseña. Te recomendamos volver a activarla cuanto antes.',
      'Si no lo habías pedido, ponte en contacto con un administrador de la comunidad.',
    ],
    button: { label: 'Activarla de nuevo', link },
  });
}
