/** What the Comunicados module offers the app: its routes, its sending job, the permission's upgrade. */
export { createAnnouncementsRepo } from './repo';
export { announcementsRoutes } from './routes';
export { createAnnouncementsService, SEND_JOB, type AnnouncementsService, type SendJob } from './service';
export { ensureAnnouncementsPermission } from './permission';
export { unsubscribeKey } from './token';
/** The erasure of an account and its data archive cover its recipient rows, its email choice and failures. */
export { announcementEmailChoices, announcementRecipients, announcements, mailFailures } from './schema';
