import { DATA_ARCHIVE_DAYS } from '@app/contracts';
import { letter } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';

interface Account {
  email: string;
  username: string;
}

const NOTE = `El archivo se puede descargar durante ${DATA_ARCHIVE_DAYS} días, con tu sesión iniciada.`;

/** To the member who asked for their own archive: it is ready. */
export function ownArchiveReadyEmail(member: Account, link: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Tu archivo de datos está listo',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Ya hemos preparado el archivo con todo lo que la comunidad guarda sobre tu cuenta. Lo encontrarás en tu perfil, en «Mis datos».',
    ],
    button: { label: 'Descargar mis datos', link, note: NOTE },
    closing: ['Si no lo pediste tú, cambia tu contraseña y responde a este correo.'],
  });
}

/** To the administrator who asked for a member's archive: it is ready. */
export function memberArchiveReadyEmail(admin: Account, member: Account, link: string): MailMessage {
  return letter({
    to: admin.email,
    subject: `El archivo de datos de ${member.username} está listo`,
    greeting: `Hola, ${admin.username}:`,
    paragraphs: [
      `El archivo con los datos que la comunidad guarda sobre ${member.username} ya está preparado. Descárgalo desde la tabla de usuarios de Configuración.`,
    ],
    button: { label: 'Ir a Configuración', link, note: NOTE },
  });
}

/**
 * To the member whose archive an administrator had prepared: who may now read a copy of their data, and what
 * to do if it was not expected.
 */
export function archivePreparedForMemberEmail(member: Account, profileLink: string): MailMessage {
  return letter({
    to: member.email,
    subject: 'Un administrador ha preparado una copia de tus datos',
    greeting: `Hola, ${member.username}:`,
    paragraphs: [
      'Un administrador de la comunidad ha preparado un archivo con todo lo que la comunidad guarda sobre tu cuenta, y podrá descargarlo durante los próximos días.',
      'Tú también puedes descargar una copia de tus datos cuando quieras desde tu perfil, en «Mis datos».',
    ],
    button: { label: 'Ir a Mis datos', link: profileLink },
    closing: ['Si tienes cualquier duda sobre este archivo, responde a este correo.'],
  });
}
