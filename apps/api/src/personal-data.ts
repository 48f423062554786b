import type { PersonalData } from './db/personal-data';
import { accountsPersonalData } from './modules/accounts';
import { announcementsPersonalData } from './modules/announcements';
import { authPersonalData } from './modules/auth';
import { billingPersonalData } from './modules/billing';
import { dataArchivePersonalData } from './modules/data-archive';
import { historyPersonalData } from './modules/history';
import { libraryPersonalData } from './modules/library';
import { notificationsPersonalData } from './modules/notifications';
import { passkeysPersonalData } from './modules/passkeys';
import { redgramPersonalData } from './modules/redgram';
import { sessionsPersonalData } from './modules/sessions';
import { statsPersonalData } from './modules/stats';
import { twoFactorPersonalData } from './modules/two-factor';
import { videoToolsPersonalData } from './modules/video-tools';

/**
 * Every module's declaration of the member data it holds, in the order the archive lists its files. The
 * erasure, the archive («Descargar mis datos») and the daily purge are built from this list; the coverage tests
 * walk both engines' schemas and fail for a table holding an account that no module declares.
 */
export const PERSONAL_DATA: readonly PersonalData[] = [
  accountsPersonalData,
  billingPersonalData,
  historyPersonalData,
  libraryPersonalData,
  videoToolsPersonalData,
  redgramPersonalData,
  sessionsPersonalData,
  passkeysPersonalData,
  twoFactorPersonalData,
  authPersonalData,
  statsPersonalData,
  notificationsPersonalData,
  announcementsPersonalData,
  dataArchivePersonalData,
];

export const PERSONAL_TABLES = PERSONAL_DATA.flatMap((module) => module.tables);
export const ARCHIVE_PARTS = PERSONAL_DATA.flatMap((module) => module.archive ?? []);
