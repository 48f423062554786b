/** What the notifications module offers the app. */
export { notificationsModule } from './register';
export { type Notifier } from './service';
