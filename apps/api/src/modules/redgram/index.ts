/** What the RedGram module offers the app. */
export { createRedgramRepo } from './repo';
export { redgramRoutes } from './routes';
export { createRedgramService } from './service';

/** Estadísticas' close of each day counts the generations. */
export { redgramHistory, redgramLogs, redgramProfiles } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { redgramPersonalData } from './personal-data';
