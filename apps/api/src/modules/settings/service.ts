import type { HistoryRecorder } from '../history';
import { createBulkService } from './bulk-service';
import type { SettingsRepo } from './repo';
import { createRolesService } from './roles-service';
import { createUsersService, type AccountEvents } from './users-service';

export interface SettingsServiceDeps {
  repo: SettingsRepo;
  hashPassword: (password: string) => Promise<string>;
  history: HistoryRecorder;
  events?: AccountEvents;
}

const NO_EVENTS: AccountEvents = { activated: () => undefined, refused: () => undefined };

/** Configuración: the user form, the list's bulk actions and the roles tab, over one repository. */
export function createSettingsService({ events = NO_EVENTS, ...deps }: SettingsServiceDeps) {
  return {
    ...createUsersService({ ...deps, events }),
    ...createBulkService({ ...deps, events }),
    ...createRolesService(deps),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
