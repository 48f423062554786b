import { SETTINGS_MESSAGES as M } from '@app/contracts';
import { badRequest, notFound } from '../../lib/errors';
import type { SettingsQueries } from './repo';

export async function assertRoleExists(tx: SettingsQueries, roleId: number): Promise<void> {
  if (!(await tx.roleExists(roleId))) throw badRequest(M.unknownRole, 'role_id');
}

/**
 * Takes the role-holders lock, then reads what the change is about (an account, a role), answering 404 with
 * `notFoundMessage` when it is gone: the read sees every change of role holders committed before the lock.
 */
export async function lockedRead<T>(
  tx: SettingsQueries,
  read: () => Promise<T | undefined>,
  notFoundMessage: string,
): Promise<T> {
  await tx.lockRoleHolders();
  const found = await read();
  if (found === undefined) throw notFound(notFoundMessage);
  return found;
}
