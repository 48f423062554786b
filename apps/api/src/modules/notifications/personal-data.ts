import { rowsOf, type PersonalData } from '../../db/personal-data';
import { adminMailThrottle, sentEmails } from './schema';

/** The mail sent to the member (subject and date), and an administrator's registration notices. */
export const notificationsPersonalData: PersonalData = {
  tables: [
    { table: adminMailThrottle, erasure: { action: 'delete', column: adminMailThrottle.user_id } },
    // Others' mail names the member too («Nuevo registro pendiente de activación: …»): pseudonymised there.
    {
      table: sentEmails,
      erasure: {
        action: 'delete',
        column: sentEmails.user_id,
        scrub: { key: sentEmails.id, columns: [sentEmails.subject] },
      },
      retention: { kind: 'mail', column: sentEmails.sent_at },
    },
  ],
  archive: [
    rowsOf({
      file: 'avisos-de-registro.json',
      about:
        'Si eres administrador: cuándo recibiste el último aviso de registros y cuándo toca el siguiente resumen.',
      table: adminMailThrottle,
      by: adminMailThrottle.user_id,
    }),
    rowsOf({
      file: 'correos.csv',
      about: 'Los correos que la comunidad te ha enviado: asunto y fecha.',
      table: sentEmails,
      by: sentEmails.user_id,
      omit: ['id'],
    }),
  ],
};
