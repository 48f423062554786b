import type { AppDatabase } from '../../db/client';
import { ensureToolPermission } from '../../db/tool-permission';

/** On a database seeded before Comunicados existed: its permission, granted to the administering roles. */
export const ensureAnnouncementsPermission = (database: AppDatabase): Promise<void> =>
  ensureToolPermission(database, 'comunicados');
