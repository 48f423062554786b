/** What the notifications module offers the app. */
export { notificationsModule } from './register';
export { type Notifier } from './service';
/** The data archive lists the emails sent to a member. */
export { adminMailThrottle, sentEmails } from './schema';
