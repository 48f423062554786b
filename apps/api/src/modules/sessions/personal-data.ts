import { rowsOf, type PersonalData } from '../../db/personal-data';
import { sessions } from '../../db/schema';

/** The member's sign-ins: each open session, kept for «Inicios de sesión» days. */
export const sessionsPersonalData: PersonalData = {
  tables: [
    {
      table: sessions,
      erasure: { action: 'delete', column: sessions.user_id },
      retention: { kind: 'signin', column: sessions.created_at },
    },
  ],
  archive: [
    rowsOf({
      file: 'sesiones.csv',
      about: 'Tus inicios de sesión: cuándo empezó cada sesión abierta y cuándo caduca.',
      table: sessions,
      by: sessions.user_id,
      omit: ['id', 'epoch'],
    }),
  ],
};
