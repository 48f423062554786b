import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

interface Member {
  email: string;
  username: string;
}

/** A date as the member reads it, in the community's time zone: "27 de diciembre de 2026". */
const longDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
    new Date(iso),
  );

/**
 * To the address the account had, sent after the erasure: what was erased, and what happened to the
 * subscription. Nothing of the member is kept to send it: the caller read the address before erasing.
 */
export function accountErasedEmail(member: Member, subscriptionCancelled: boolean): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tu cuenta se ha eliminado',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Hemos eliminado tu cuenta de la comunidad, como pediste. Se han cerrado tus sesiones y se han borrado tus datos personales: los textos generados con IA, los perfiles de audiencia, los registros de vídeos guardados, tus marcas de clases vistas y tus inicios de sesión.',
      ...(subscriptionCancelled
        ? ['Tu suscripción se ha cancelado en Stripe: no se te cobrará nada más.']
        : []),
      'El historial de los administradores conserva las acciones sobre tu cuenta bajo un seudónimo, sin tu nombre ni tu correo.',
    ],
    closing: [
      'Si no has pedido esta eliminación, responde a este correo. Si quieres volver, puedes crear una cuenta nueva cuando quieras.',
    ],
  });
}

/** To a member who keeps access until the paid period ends: when the account will be erased. */
export function erasureScheduledEmail(member: Member, eraseAt: string, timeZone: string): MailMessage {
  const date = longDate(eraseAt, timeZone);
  return letter({
    to: member.email,
    subject: 'Tu cuenta se eliminará al terminar el periodo pagado',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      `Hemos recibido tu petición de eliminar tu cuenta. Tu suscripción ya no se renovará y conservas el acceso hasta el ${date}.`,
      `Ese día se cerrarán tus sesiones, se borrarán tus datos personales y te enviaremos un correo de confirmación.`,
    ],
  });
}

/** To the address an account had, after an administrator erased it: what happened, and whom to ask. */
export function accountErasedByAdminEmail(member: Member): MailMessage {
  return letter({
    to: member.email,
    subject: 'Un administrador ha eliminado tu cuenta',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Un administrador de la comunidad ha eliminado tu cuenta. Se han cerrado tus sesiones y se han borrado tus datos personales: los textos generados con IA, los perfiles de audiencia, los registros de vídeos guardados, tus marcas de clases vistas y tus inicios de sesión.',
      'Si tenías una suscripción, ya no se renovará, y tus datos de pago se han borrado de Stripe (las facturas emitidas se conservan, como exige la ley).',
      'El historial de los administradores conserva las acciones sobre tu cuenta bajo un seudónimo, sin tu nombre ni tu correo.',
    ],
    closing: ['Si crees que se trata de un error, responde a este correo.'],
  });
}
