/** What Estadísticas offers the app: its routes and the permission's upgrade. */
export { ensureStatsPermission } from './permission';
export { createStatsRepo } from './repo';
export { statsRoutes } from './routes';
export { createStatsService } from './service';
