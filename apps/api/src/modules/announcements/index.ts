/** What the Comunicados module offers the app: its registration (routes, sending job, permission, member data). */
export { announcementsModule } from './register';
/** The bench drives the sending itself. */
export { createAnnouncementsRepo } from './repo';
export { createAnnouncementsService } from './service';
export { unsubscribeKey } from './token';
