import { rowsOf, type PersonalData } from '../../db/personal-data';
import { forgetMembersRecords, forgetRecords } from './kept-counts';
import { videoRecords } from './schema';

/** The videos the member saved with YTVideo and IGVideo (the list's kept counts forget them first). */
export const videoToolsPersonalData: PersonalData = {
  tables: [
    {
      table: videoRecords,
      erasure: { action: 'delete', column: videoRecords.user_id, before: forgetMembersRecords },
      retention: { kind: 'video', column: videoRecords.created_at, before: forgetRecords },
    },
  ],
  archive: [
    rowsOf({
      file: 'videos-guardados.csv',
      about: 'Los videos de YouTube e Instagram que guardaste con las herramientas de descarga.',
      table: videoRecords,
      by: videoRecords.user_id,
    }),
  ],
};
