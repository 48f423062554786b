import type { PersonalData } from './db/personal-data';
import { accountsModule } from './modules/accounts';
import { announcementsModule } from './modules/announcements';
import { authModule } from './modules/auth';
import { billingModule } from './modules/billing';
import { dataArchiveModule } from './modules/data-archive';
import { historyModule } from './modules/history';
import { libraryModule } from './modules/library';
import { notificationsModule } from './modules/notifications';
import { passkeysModule } from './modules/passkeys';
import { redgramModule } from './modules/redgram';
import { sessionsModule } from './modules/sessions';
import { statsModule } from './modules/stats';
import { twoFactorModule } from './modules/two-factor';
import { videoToolsModule } from './modules/video-tools';

/**
 * Every module's declaration of the member data it holds, in the order the archive lists its files. The
 * erasure, the archive («Descargar mis datos») and the daily purge are built from this list; the coverage tests
 * walk both engines' schemas and fail for a table holding an account that no module declares.
 */
export const PERSONAL_DATA: readonly PersonalData[] = (
  [
    accountsModule.personalData,
    billingModule.personalData,
    historyModule.personalData,
    libraryModule.personalData,
    videoToolsModule.personalData,
    redgramModule.personalData,
    sessionsModule.personalData,
    passkeysModule.personalData,
    twoFactorModule.personalData,
    authModule.personalData,
    statsModule.personalData,
    notificationsModule.personalData,
    announcementsModule.personalData,
    dataArchiveModule.personalData,
  ] as const
).filter((declared): declared is PersonalData => declared !== undefined);

export const PERSONAL_TABLES = PERSONAL_DATA.flatMap((module) => module.tables);
export const ARCHIVE_PARTS = PERSONAL_DATA.flatMap((module) => module.archive ?? []);
