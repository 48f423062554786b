import { rowsOf, type PersonalData } from '../../db/personal-data';
import { redgramHistory, redgramLogs, redgramProfiles } from './schema';

/** RedGram: the member's audience profiles, their generations and the log of each call to the AI. */
export const redgramPersonalData: PersonalData = {
  tables: [
    // The AI logs would outlive the account (their key is set null): deleted first, with their texts.
    {
      table: redgramLogs,
      erasure: { action: 'delete', column: redgramLogs.user_id },
      retention: { kind: 'ai', column: redgramLogs.created_at },
    },
    {
      table: redgramHistory,
      erasure: { action: 'delete', column: redgramHistory.user_id },
      retention: { kind: 'ai', column: redgramHistory.created_at },
    },
    { table: redgramProfiles, erasure: { action: 'delete', column: redgramProfiles.user_id } },
  ],
  archive: [
    rowsOf({
      file: 'redgram-perfiles.json',
      about: 'Tus perfiles de audiencia de RedGram.',
      table: redgramProfiles,
      by: redgramProfiles.user_id,
    }),
    rowsOf({
      file: 'redgram-historial.json',
      about: 'Tu historial de RedGram: cada texto que pediste y las variantes que se generaron.',
      table: redgramHistory,
      by: redgramHistory.user_id,
    }),
    rowsOf({
      file: 'redgram-registros.json',
      about:
        'El registro de cada generación de RedGram: tu texto, las instrucciones enviadas a la IA y su respuesta o error.',
      table: redgramLogs,
      by: redgramLogs.user_id,
    }),
  ],
};
