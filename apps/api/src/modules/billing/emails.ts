import { roleDisplayName } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

interface Member {
  email: string;
  username: string;
}

/** To a member: a renewal could not be charged; access stays while the provider retries the card. */
export function paymentFailedEmail(member: Member, plan: string, profileLink: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'No hemos podido cobrar tu suscripción',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      `No hemos podido cobrar la renovación de tu plan ${roleDisplayName(plan)}. Mientras Stripe vuelve a intentar el cobro, mantienes el acceso a tus herramientas.`,
      'Para no perderlo, actualiza tu tarjeta en «Gestionar suscripción», en tu perfil:',
    ],
    button: { label: 'Actualizar mi tarjeta', link: profileLink },
  });
}

/** To a member: the subscription ended, and what the account became (another plan, or deactivated). */
export function subscriptionEndedEmail(
  member: Member,
  plan: string,
  outcome: { role: string } | 'deactivated' | 'unchanged',
  plansLink: string,
): MailMessage {
  const result =
    outcome === 'deactivated'
      ? 'Tu cuenta se ha desactivado.'
      : outcome === 'unchanged'
        ? undefined
        : `Tu cuenta ha pasado al plan ${roleDisplayName(outcome.role)}.`;
  return letter({
    to: member.email,
    subject: 'Tu suscripción ha terminado',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      `Tu suscripción al plan ${roleDisplayName(plan)} ha terminado.`,
      ...(result ? [result] : []),
      'Puedes volver a suscribirte cuando quieras desde la página de planes:',
    ],
    button: { label: 'Ver los planes', link: plansLink },
  });
}

/**
 * To the address a visitor typed when paying, which is already an account's: the payment waits until whoever
 * reads this mailbox attaches it, so nobody takes over an account by typing its email.
 */
export function paymentWaitingEmail(member: Member, plan: string, claimLink: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tienes un pago esperando a tu cuenta',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      `Hemos recibido un pago del plan ${roleDisplayName(plan)} hecho con esta dirección de correo, que ya es la de tu cuenta.`,
      'Para que nadie pueda cambiar una cuenta que no es suya, el pago no se aplica hasta que lo vincules tú:',
    ],
    button: { label: 'Vincular el pago a mi cuenta', link: claimLink },
    closing: ['Si no has pagado nada, ignora este mensaje: tu cuenta no cambia.'],
  });
}

/** To a member who had asked to erase their account at the end of the period, then renewed at Stripe. */
export function erasureCancelledByRenewalEmail(member: Member, profileLink: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tu cuenta ya no se eliminará',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Has renovado tu suscripción en Stripe, así que hemos cancelado la eliminación de tu cuenta que habías programado para el final del periodo pagado. Tu cuenta y tus datos se conservan.',
      'Si aún quieres eliminarla, puedes hacerlo desde tu perfil:',
    ],
    button: { label: 'Ir a mi perfil', link: profileLink },
  });
}
