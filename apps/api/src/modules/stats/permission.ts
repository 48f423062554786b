import type { AppDatabase } from '../../db/client';
import { ensureToolPermission } from '../../db/tool-permission';

/** On a database seeded before Estadísticas existed: its permission, granted to the administering roles. */
export const ensureStatsPermission = (database: AppDatabase): Promise<void> =>
  ensureToolPermission(database, 'estadisticas');
