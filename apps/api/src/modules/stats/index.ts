/** What Estadísticas offers the app: its routes, the close of each day, the permission's upgrade, the tool-use counter. */
export { createStatsKeeper } from './keeper';
export { ensureStatsPermission } from './permission';
export { createStatsRepo, SIGN_IN } from './repo';
export { statsRoutes } from './routes';
export { createStatsService, type StatsService } from './service';
export { createToolUseCounter } from './tool-uses';
/** The erasure of an account and its data archive cover its counted tool uses. */
export { statsToolUses } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { statsPersonalData } from './personal-data';
