import { SubscriptionStatus, type AdminUser } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import { QueryBuilder, type SelectedFields } from 'drizzle-orm/sqlite-core';
import type { AppDatabase, Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { renamedSkeleton } from '../../db/username-skeleton';
import {
  countActiveConfigUsers,
  endAllSessions,
  insertMember,
  moveEpoch,
  setActive,
  usernameInUse,
  type EpochEvent,
  type NewMember,
} from '../accounts';
import { stripeCustomers, subscriptionsByMember } from '../billing';
import type { AccountEraser } from '../erasure';

interface UserValues {
  username: string;
  email: string;
  phone: string | null;
  role_id: number;
  is_active: boolean;
}

/** An account as the history names it. */
export interface AccountRef {
  username: string;
  email: string;
}

export interface StoredUser extends AdminUser {
  token_version: number;
  deactivated_by_admin: boolean;
  /** The provider's id of the member's subscription, if billing ever stored one. */
  subscription_id: string | null;
}

/**
 * The role a subscription grants, joined apart from the role the member holds now. A derived table rather than
 * drizzle's `alias`: PostgreSQL's query builder renders an aliased SQLite table object by its alias alone.
 */
const planRoles = new QueryBuilder().select({ id: roles.id, name: roles.name }).from(roles).as('plan_roles');

/** Each member's subscription, as billing hands it out. */
const memberSubscriptions = subscriptionsByMember();

/** Where each field of the admin list's user comes from (users with their role and their subscription). */
const adminUserFields = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  role_id: users.role_id,
  role: roles.name,
  is_active: users.is_active,
  email_verified: users.email_verified,
  created_at: users.created_at,
  plan: planRoles.name,
  subscription_status: memberSubscriptions.status,
};

/** The admin user's fields (and `extra` ones) from users joined with the tables they come from. */
export const selectAdminUsers = <Extra extends SelectedFields>(on: Db, extra: Extra) =>
  on
    .select({ ...adminUserFields, ...extra })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(memberSubscriptions, eq(memberSubscriptions.user_id, users.id))
    .leftJoin(planRoles, eq(planRoles.id, memberSubscriptions.plan_role_id));

interface AdminUserRow extends Omit<AdminUser, 'subscription'> {
  plan: string | null;
  subscription_status: string | null;
}

/** A row of `selectAdminUsers` as the contract shapes it: no subscription without a known status. */
export const toAdminUser = <Row extends AdminUserRow>({
  plan,
  subscription_status: status,
  ...user
}: Row): Omit<Row, 'plan' | 'subscription_status'> & Pick<AdminUser, 'subscription'> => {
  const known = SubscriptionStatus.safeParse(status);
  return { ...user, subscription: known.success ? { plan, status: known.data } : null };
};

export const withoutTokenVersion = ({
  token_version: _tokenVersion,
  deactivated_by_admin: _byAdmin,
  subscription_id: _subscriptionId,
  ...user
}: StoredUser): AdminUser => user;

/** One account at a time: the reads and writes of the user form, and the lock-out count. */
export function createUsersRepo(database: AppDatabase, eraser: AccountEraser) {
  const write = database.transaction.bind(database);
  const db = () => database.read;

  const findUser = async (id: number): Promise<StoredUser | undefined> => {
    const [row] = await selectAdminUsers(db(), {
      token_version: users.token_version,
      deactivated_by_admin: users.deactivated_by_admin,
      subscription_id: memberSubscriptions.subscription_id,
    }).where(eq(users.id, id));
    return row && toAdminUser(row);
  };

  /**
   * Updates the account on an administrator's word. `ending.epoch` names the credential change that moves the
   * account epoch (every session and link issued before it ends); `ending.sessions` alone signs the account out
   * (a new role or an activation).
   */
  const updateUser = (
    id: number,
    values: UserValues & { password_hash?: string | undefined },
    ending: { epoch: EpochEvent | null; sessions: boolean },
  ): Promise<void> =>
    write(async (tx) => {
      await setActive(tx, id, values.is_active, 'admin');
      await tx
        .update(users)
        .set({ ...values, username_skeleton: renamedSkeleton(values.username) })
        .where(eq(users.id, id));
      if (ending.epoch) await moveEpoch(tx, [id], ending.epoch);
      else if (ending.sessions) await endAllSessions(tx, id);
    });

  /** Erases the account: its data deleted, its Historial entries rewritten under `pseudonym`. */
  const deleteUser = (id: number, pseudonym: string): Promise<void> =>
    write(async (tx) => {
      await eraser.eraseAccount(tx, id, pseudonym);
    });

  return {
    findUser,
    /** The Stripe customers of these accounts: their erasure deletes them at Stripe too. */
    customersOf: (ids: readonly number[]): Promise<string[]> =>
      stripeCustomers(db(), inArray(users.id, [...ids])),
    usernameInUse: (username: string, exceptId?: number): Promise<boolean> =>
      usernameInUse(db(), username, exceptId),
    insertUser: (values: NewMember): Promise<number> => write((tx) => insertMember(tx, values)),
    updateUser,
    deleteUser,
    countActiveConfigUsers: (): Promise<number> => countActiveConfigUsers(db()),
  };
}
