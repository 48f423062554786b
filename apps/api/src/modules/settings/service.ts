import { BILLING_MESSAGES } from '@app/contracts';
import { conflict } from '../../lib/errors';
import type { HistoryRecorder } from '../history';
import { createBulkService } from './bulk-service';
import type { SettingsRepo } from './repo';
import { createRolesService } from './roles-service';
import { createUsersService, type AccountEvents, type EndSubscription } from './users-service';

export interface SettingsServiceDeps {
  repo: SettingsRepo;
  hashPassword: (password: string) => Promise<string>;
  history: HistoryRecorder;
  events?: AccountEvents;
  endSubscription?: EndSubscription;
  deleteCustomer?: (customerId: string) => Promise<void>;
}

const NO_EVENTS: AccountEvents = {
  activated: () => undefined,
  refused: () => undefined,
  erased: () => undefined,
};

/** Without a payment provider wired in, a live subscription cannot be ended: the change is refused. */
const NO_PROVIDER: EndSubscription = () => Promise.reject(conflict(BILLING_MESSAGES.cannotEndSubscription));

/** Without a payment provider wired in, there is no customer to delete. */
const NO_CUSTOMERS = (): Promise<void> => Promise.resolve();

/** Configuración: the user form, the list's bulk actions and the roles tab, over one repository. */
export function createSettingsService({
  events = NO_EVENTS,
  endSubscription = NO_PROVIDER,
  deleteCustomer = NO_CUSTOMERS,
  ...deps
}: SettingsServiceDeps) {
  return {
    ...createUsersService({ ...deps, events, endSubscription, deleteCustomer }),
    ...createBulkService({ ...deps, events, endSubscription, deleteCustomer }),
    ...createRolesService(deps),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
