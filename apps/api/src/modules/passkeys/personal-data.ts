import { rowsOf, type PersonalData } from '../../db/personal-data';
import { passkeys, webauthnChallenges } from './schema';

/** The member's passkeys and the requests to add one that are still open. */
export const passkeysPersonalData: PersonalData = {
  tables: [
    { table: passkeys, erasure: { action: 'delete', column: passkeys.user_id } },
    { table: webauthnChallenges, erasure: { action: 'delete', column: webauthnChallenges.user_id } },
  ],
  archive: [
    rowsOf({
      file: 'llaves-de-acceso.csv',
      about:
        'Tus llaves de acceso: el nombre que les diste, cuándo las añadiste y cuándo las usaste por última vez.',
      table: passkeys,
      by: passkeys.user_id,
      omit: ['id', 'credential_id', 'public_key', 'counter'],
    }),
    rowsOf({
      file: 'solicitudes-de-llave.csv',
      about:
        'Las solicitudes para añadir una llave de acceso que siguen abiertas (caducan a los pocos minutos).',
      table: webauthnChallenges,
      by: webauthnChallenges.user_id,
      omit: ['challenge'],
    }),
  ],
};
