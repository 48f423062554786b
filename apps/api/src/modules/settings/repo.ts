import type { AppDatabase } from '../../db/client';
import type { AccountEraser } from '../erasure';
import { holdLock } from '../../db/locks';
import { createBulkRepo } from './bulk-repo';
import { createRolesRepo } from './roles-repo';
import { createUserListRepo } from './user-list-repo';
import { createUsersRepo } from './users-repo';

/** The settings screen's data: accounts, their list, bulk actions and roles, with one transaction over them. */
export function createSettingsRepo(database: AppDatabase, eraser: AccountEraser) {
  const repo = {
    /**
     * Taken first by every transaction that changes who holds a role or what a role grants, so the lock-out
     * and role-in-use counts see every such change committed before, and none lands until this one ends.
     */
    lockRoleHolders: (): Promise<void> => holdLock(database, 'roleHolders'),
    ...createUserListRepo(database),
    ...createUsersRepo(database, eraser),
    ...createBulkRepo(database, eraser),
    ...createRolesRepo(database),
  };
  return {
    ...repo,
    /** Runs `work` in one transaction: a thrown error rolls every write back. */
    transaction: <T>(work: (tx: typeof repo) => Promise<T>): Promise<T> =>
      database.transaction(() => work(repo)),
    /** Once an erasure has committed: no copy of the deleted rows stays in the database's files. */
    forgetDeleted: (): Promise<void> => database.forgetDeleted(),
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
export type SettingsQueries = Omit<SettingsRepo, 'transaction' | 'forgetDeleted'>;
