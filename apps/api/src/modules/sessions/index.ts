/** What the sessions module offers the app: the account's own open sessions. */
export { createSessionsRepo } from './repo';
export { sessionsRoutes } from './routes';
export { createSessionsService } from './service';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { sessionsPersonalData } from './personal-data';
