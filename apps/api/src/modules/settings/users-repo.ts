import type { AdminUser } from '@app/contracts';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { bumpUserCount, forgetRecords, tallyUsers } from '../../db/kept-counts';
import { single } from '../../db/rows';
import { rolePermissions, roles, sessions, tools, users } from '../../db/schema';
import { renamedSkeleton, usernameSkeleton } from '../../db/username-skeleton';
import { endResetLinks, usernameInUse } from '../accounts/repo';
import { videoRecords } from '../video-tools/schema';

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
}

/** The tool whose holders administer the community (lock-out rules). */
const CONFIG_TOOL = 'config';

/** Where each field of the admin list's user comes from (users joined with roles). */
export const adminUserFields = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  role_id: users.role_id,
  role: roles.name,
  is_active: users.is_active,
  created_at: users.created_at,
};

const adminUserColumns = { ...adminUserFields, token_version: users.token_version };

export const withoutTokenVersion = ({ token_version: _tokenVersion, ...user }: StoredUser): AdminUser => user;

/** One account at a time: the reads and writes of the user form, and the lock-out count. */
export function createUsersRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  const db = () => database.read;

  const findUser = async (id: number): Promise<StoredUser | undefined> => {
    const [row] = await db()
      .select(adminUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(eq(users.id, id));
    return row;
  };

  const insertUser = (values: UserValues & { password_hash: string }): Promise<number> =>
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
  ): Promise<void> =>
    write(async (tx) => {
      // The flag flips in a write that only matches while it differs, so of two concurrent edits only one
      // moves the account between the kept counts (a read first would let both do so on PostgreSQL).
      const flipped = await tx
        .update(users)
        .set({ is_active: values.is_active })
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
      await forgetRecords(tx, eq(videoRecords.user_id, id));
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
