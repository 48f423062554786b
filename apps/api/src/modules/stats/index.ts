/** What Estadísticas offers the app: its routes, the close of each day and the permission's upgrade. */
export { createStatsKeeper } from './keeper';
export { ensureStatsPermission } from './permission';
export { createStatsRepo } from './repo';
export { statsRoutes } from './routes';
export { createStatsService, type StatsService } from './service';
