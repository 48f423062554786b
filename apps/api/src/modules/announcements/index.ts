/** What the Comunicados module offers the app: its routes, its sending job, the permission's upgrade. */
export { createAnnouncementsRepo } from './repo';
export { announcementsRoutes } from './routes';
export { createAnnouncementsService } from './service';
export { ensureAnnouncementsPermission } from './permission';
export { unsubscribeKey } from './token';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { announcementsPersonalData } from './personal-data';
