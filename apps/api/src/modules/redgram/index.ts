/** What the RedGram module offers the app. */
export { createRedgramRepo } from './repo';
export { redgramRoutes } from './routes';
export { createRedgramService } from './service';

/** Estadísticas' close of each day counts the generations. */
export { redgramLogs } from './schema';
/** The erasure of an account and the retention purge cover the members' profiles and generations. */
export { redgramHistory, redgramProfiles } from './schema';
