import { REGISTRATION_MAIL_INTERVAL_MINUTES, roleDisplayName } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

/** To an admin: a new account waits for activation. */
export function newRegistrationEmail(
  admin: { email: string; username: string },
  member: { email: string; username: string },
  link: string,
): MailMessage {
  return letter({
    to: admin.email,
    subject: `Nuevo registro pendiente de activación: ${member.username}`,
    greeting: `Hola, ${admin.username}:`,
    paragraphs: [
      `${member.username} (${member.email}) se ha registrado en la comunidad y espera que un administrador active su cuenta.`,
      `Como mucho recibirás un aviso de este tipo cada ${REGISTRATION_MAIL_INTERVAL_MINUTES} minutos: los registros siguientes llegarán en un resumen.`,
    ],
    button: { label: 'Ver las cuentas pendientes', link },
  });
}

/** To an admin: a visitor paid for a plan, and the payment made their account (active, with the plan's role). */
export function newPaidMemberEmail(
  admin: { email: string; username: string },
  member: { email: string; username: string },
  plan: string,
  link: string,
): MailMessage {
  return letter({
    to: admin.email,
    subject: `Nuevo miembro de pago: ${member.username}`,
    greeting: `Hola, ${admin.username}:`,
    paragraphs: [
      `${member.username} (${member.email}) ha pagado el plan ${roleDisplayName(plan)}. Su cuenta se ha creado activa, con el rol ${roleDisplayName(plan)}, y ha recibido un correo para elegir su contraseña.`,
    ],
    button: { label: 'Ver los usuarios', link },
  });
}

/** To an admin: the sign-ups since the last email, as the count still pending. */
export function registrationDigestEmail(
  admin: { email: string; username: string },
  pending: number,
  link: string,
): MailMessage {
  const accounts = pending === 1 ? '1 cuenta pendiente' : `${pending} cuentas pendientes`;
  return letter({
    to: admin.email,
    subject: `Registros nuevos: ${accounts} de activación`,
    greeting: `Hola, ${admin.username}:`,
    paragraphs: [
      `Desde el último aviso se han registrado más miembros. Ahora hay ${accounts} de activación.`,
    ],
    button: { label: 'Ver las cuentas pendientes', link },
  });
}

/** To a member: an admin activated the account. */
export function welcomeEmail(member: { email: string; username: string }, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tu cuenta ya está activa',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Un administrador ha activado tu cuenta: ya puedes iniciar sesión con tu correo electrónico y tu contraseña y usar las herramientas de tu plan.',
      '¡Te damos la bienvenida a la comunidad!',
    ],
    button: { label: 'Iniciar sesión', link },
  });
}

/** To a member: the pending account was refused (deleted), with the admin's reason when given. */
export function refusalEmail(
  member: { email: string; username: string },
  reason: string | undefined,
): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tu solicitud de acceso no ha sido aprobada',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Un administrador ha revisado tu registro en la comunidad y no lo ha aprobado. Tu cuenta y tus datos se han eliminado.',
      ...(reason ? [`Motivo: ${reason}`] : []),
      'Si crees que se trata de un error, responde a este correo o ponte en contacto con el equipo de la comunidad.',
    ],
  });
}
