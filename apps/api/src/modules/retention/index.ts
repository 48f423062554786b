/** What the retention module offers the app: "Conservación de datos" and its daily purge. */
export { createRetentionRepo } from './repo';
export { retentionRoutes } from './routes';
export { createRetentionService } from './service';
