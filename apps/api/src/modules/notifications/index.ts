/** What the notifications module offers the app. */
export { createNotificationsRepo } from './repo';
export { notificationsRoutes } from './routes';
export { createNotifier, type Notifier } from './service';

/** The erasure of an account covers an administrator's registration-email throttle. */
export { adminMailThrottle } from './schema';
