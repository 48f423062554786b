import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { bumpUserCount } from '../../db/kept-counts';
import { moveEpoch } from '../accounts';
import { liveSubscriptions, stripeCustomers, type LiveSubscription } from '../billing';
import { newPseudonym, type AccountEraser } from '../erasure';
import { userFilter, type UserFilter } from './user-list-repo';
import type { AccountRef } from './users-repo';

/** The accounts a bulk action names: chosen ids, or everyone matching the list's filter. */
export type BulkTarget = { ids: readonly number[] } | { filter: Omit<UserFilter, 'page' | 'pageSize'> };

/** What a bulk update sets on every targeted account. */
type BulkChange = { is_active: boolean } | { role_id: number };

/** The columns a bulk write returns to name the accounts it changed. */
const accountRefColumns = { username: users.username, email: users.email };

/**
 * Drops the session rows of the accounts `where` selects, in the transaction of the write that signs them out
 * (a new role or active flag, or the deletion).
 */
const endSessions = (tx: Db, where: SQL | undefined) =>
  tx.delete(sessions).where(inArray(sessions.user_id, tx.select({ id: users.id }).from(users).where(where)));

/** One action on many accounts: the selection or the list's filter. */
export function createBulkRepo(database: AppDatabase, eraser: AccountEraser) {
  const write = database.transaction.bind(database);
  const targetWhere = (target: BulkTarget): SQL | undefined =>
    'ids' in target ? inArray(users.id, [...target.ids]) : userFilter(database, target.filter);

  /**
   * Sets `change` on the targeted accounts that do not have it yet and ends their sessions (a new role or
   * active flag signs them out, as a single edit does); a deactivation also ends their outstanding links.
   * Returns the accounts that changed.
   */
  const bulkUpdate = (target: BulkTarget, change: BulkChange): Promise<AccountRef[]> =>
    write(async (tx) => {
      const differs =
        'is_active' in change ? ne(users.is_active, change.is_active) : ne(users.role_id, change.role_id);
      const where = and(targetWhere(target), differs);
      await endSessions(tx, where);
      if ('is_active' in change && !change.is_active) {
        await moveEpoch(tx, tx.select({ id: users.id }).from(users).where(where), 'deactivated');
      }
      const changed = await tx
        .update(users)
        .set({
          ...change,
          // An administrator's deactivation is remembered so billing never undoes it; an activation clears it.
          ...('is_active' in change ? { deactivated_by_admin: !change.is_active } : {}),
        })
        .where(where)
        .returning(accountRefColumns);
      // Only accounts whose flag differs were updated: each moves from one kept count to the other.
      if ('is_active' in change && changed.length > 0) {
        await bumpUserCount(tx, change.is_active, changed.length);
        await bumpUserCount(tx, !change.is_active, -changed.length);
      }
      return changed;
    });

  /** The targeted accounts still waiting for activation (who an activation or deletion emails). */
  const listPending = (target: BulkTarget): Promise<AccountRef[]> =>
    database.read
      .select(accountRefColumns)
      .from(users)
      .where(and(targetWhere(target), eq(users.is_active, false)));

  /** The targeted accounts already let in (who a deletion tells that an administrator erased them). */
  const listActive = (target: BulkTarget): Promise<AccountRef[]> =>
    database.read
      .select(accountRefColumns)
      .from(users)
      .where(and(targetWhere(target), eq(users.is_active, true)));

  /**
   * Erases the targeted accounts one by one, as a single deletion does (their data deleted, Historial
   * pseudonymised); returns them under their pseudonyms, the only name Historial may keep.
   */
  const bulkDelete = (target: BulkTarget): Promise<AccountRef[]> =>
    write(async (tx) => {
      const targeted = await tx.select({ id: users.id }).from(users).where(targetWhere(target));
      const pseudonyms = new Map(targeted.map(({ id }) => [id, newPseudonym()]));
      const erased = await eraser.eraseAccounts(
        tx,
        targeted.map(({ id }) => id),
        (id) => pseudonyms.get(id) ?? newPseudonym(),
      );
      return erased.map((id) => ({ username: pseudonyms.get(id) ?? '', email: '' }));
    });

  /**
   * The live subscriptions a bulk action would end: of every targeted account for a deletion, of the active
   * ones only for a deactivation (the accounts it changes).
   */
  const bulkLiveSubscriptions = (target: BulkTarget, onlyActive: boolean): Promise<LiveSubscription[]> =>
    liveSubscriptions(
      database.read,
      and(targetWhere(target), onlyActive ? eq(users.is_active, true) : undefined),
    );

  /** The Stripe customers of the targeted accounts: a deletion deletes them at Stripe too. */
  const bulkCustomers = (target: BulkTarget): Promise<string[]> =>
    stripeCustomers(database.read, targetWhere(target));

  return { bulkUpdate, listPending, listActive, bulkDelete, bulkLiveSubscriptions, bulkCustomers };
}
