/** What the sessions module offers the app: the account's own open sessions. */
export { createSessionsRepo } from './repo';
export { sessionsRoutes } from './routes';
export { createSessionsService } from './service';
