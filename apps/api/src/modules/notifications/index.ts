/** What the notifications module offers the app. */
export { createNotificationsRepo } from './repo';
export { notificationsRoutes } from './routes';
export { createNotifier, type Notifier } from './service';
export { withSentLog } from './sent-log';
/** The data archive lists the emails sent to a member. */
export { adminMailThrottle, sentEmails } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { notificationsPersonalData } from './personal-data';
