import { ACCESS_STATUSES, SubscriptionStatus, type AdminUser } from '@app/contracts';
import { and, count, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type SelectedFields } from 'drizzle-orm/sqlite-core';
import type { AppDatabase, Db } from '../../db/client';
import { bumpUserCount, tallyUsers } from '../../db/kept-counts';
import { single } from '../../db/rows';
import { rolePermissions, roles, sessions, tools, users } from '../../db/schema';
import { renamedSkeleton, usernameSkeleton } from '../../db/username-skeleton';
import { endResetLinks, usernameInUse } from '../accounts';
import { billingSubscriptions } from '../billing/schema';
import { forgetMembersRecords } from '../video-tools';

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

/** A live subscription of an account (one that still charges or grants): what an administrator may end. */
export interface LiveSubscription {
  user_id: number;
  subscription_id: string;
}

/** The live subscriptions of the accounts `where` selects. */
export const liveSubscriptions = async (on: Db, where: SQL | undefined): Promise<LiveSubscription[]> => {
  const rows = await on
    .select({ user_id: users.id, subscription_id: billingSubscriptions.subscription_id })
    .from(users)
    .innerJoin(billingSubscriptions, eq(billingSubscriptions.user_id, users.id))
    .where(
      and(
        where,
        isNotNull(billingSubscriptions.subscription_id),
        inArray(billingSubscriptions.status, [...ACCESS_STATUSES]),
      ),
    );
  return rows.flatMap((row) =>
    row.subscription_id ? [{ ...row, subscription_id: row.subscription_id }] : [],
  );
};

/** The tool whose holders administer the community (lock-out rules). */
const CONFIG_TOOL = 'config';

/**
 * The role a subscription grants, joined apart from the role the member holds now. A derived table rather than
 * drizzle's `alias`: PostgreSQL's query builder renders an aliased SQLite table object by its alias alone.
 */
const planRoles = new QueryBuilder().select({ id: roles.id, name: roles.name }).from(roles).as('plan_roles');

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
  subscription_status: billingSubscriptions.status,
};

/** The admin user's fields (and `extra` ones) from users joined with the tables they come from. */
export const selectAdminUsers = <Extra extends SelectedFields>(on: Db, extra: Extra) =>
  on
    .select({ ...adminUserFields, ...extra })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.user_id, users.id))
    .leftJoin(planRoles, eq(planRoles.id, billingSubscriptions.plan_role_id));

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
export function createUsersRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  const db = () => database.read;

  const findUser = async (id: number): Promise<StoredUser | undefined> => {
    const [row] = await selectAdminUsers(db(), {
      token_version: users.token_version,
      deactivated_by_admin: users.deactivated_by_admin,
      subscription_id: billingSubscriptions.subscription_id,
    }).where(eq(users.id, id));
    return row && toAdminUser(row);
  };

  /** An administrator's word proves the email, unless `email_verified` says otherwise (an account a payment made). */
  const insertUser = (
    values: UserValues & { password_hash: string; email_verified?: boolean },
  ): Promise<number> =>
    write(async (tx) => {
      const rows = await tx
        .insert(users)
        .values({ ...values, username_skeleton: usernameSkeleton(values.username) })
        .returning({ id: users.id });
      await bumpUserCount(tx, values.is_active, 1);
      return single(rows, 'new user').id;
    });

  /**
   * Updates the account; `endSessions` bumps the token version and drops the user's session rows, `endLinks`
   * deletes the user's outstanding recovery and set-up links.
   */
  const updateUser = (
    id: number,
    values: UserValues & { password_hash?: string | undefined },
    endSessions: boolean,
    endLinks = false,
    by: 'admin' | 'billing' = 'admin',
  ): Promise<void> =>
    write(async (tx) => {
      // The flag flips in a write that only matches while it differs, so of two concurrent edits only one
      // moves the account between the kept counts (a read first would let both do so on PostgreSQL). An
      // administrator's deactivation is remembered, so billing never undoes it.
      const flipped = await tx
        .update(users)
        .set({ is_active: values.is_active, deactivated_by_admin: by === 'admin' && !values.is_active })
        .where(and(eq(users.id, id), ne(users.is_active, values.is_active)))
        .returning({ id: users.id });
      if (flipped.length > 0) {
        await bumpUserCount(tx, !values.is_active, -1);
        await bumpUserCount(tx, values.is_active, 1);
      }
      await tx
        .update(users)
        .set({
          ...values,
          username_skeleton: renamedSkeleton(values.username),
          ...(endSessions ? { token_version: sql`${users.token_version} + 1` } : {}),
        })
        .where(eq(users.id, id));
      if (endSessions) await tx.delete(sessions).where(eq(sessions.user_id, id));
      if (endLinks) await endResetLinks(tx, [id]);
    });

  const deleteUser = (id: number): Promise<void> =>
    write(async (tx) => {
      // The account's saved records go with it (cascade): off their counts first.
      await forgetMembersRecords(tx, [id]);
      await tallyUsers(
        tx,
        await tx.delete(users).where(eq(users.id, id)).returning({ is_active: users.is_active }),
        -1,
      );
    });

  /** Active accounts whose role grants the config tool: the people who can still administer. */
  const countActiveConfigUsers = async (): Promise<number> => {
    const configRoles = db()
      .select({ role_id: rolePermissions.role_id })
      .from(rolePermissions)
      .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
      .where(eq(tools.name, CONFIG_TOOL));
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.is_active, true), inArray(users.role_id, configRoles)));
    return row?.n ?? 0;
  };

  return {
    findUser,
    usernameInUse: (username: string, exceptId?: number): Promise<boolean> =>
      usernameInUse(db(), username, exceptId),
    insertUser,
    updateUser,
    deleteUser,
    countActiveConfigUsers,
  };
}
