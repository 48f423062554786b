import type { AdminUser, Role, RolePermission, Tool } from '@app/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { holdLock } from '../../db/locks';
import { preparedPerConnection } from '../../db/prepared';
import { single } from '../../db/rows';
import { rolePermissions, roles, sessions, tools, users } from '../../db/schema';
import { renamedSkeleton, usernameSkeleton } from '../../db/username-skeleton';
import { endResetLinks, usernameInUse } from '../accounts/repo';

export interface UserFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  pending?: boolean | undefined;
}

/** The accounts a bulk action names: chosen ids, or everyone matching the list's filter. */
export type BulkTarget =
  { ids: readonly number[] } | { filter: { search?: string | undefined; pending?: boolean | undefined } };

/** What a bulk update sets on every targeted account. */
export type BulkChange = { is_active: boolean } | { role_id: number };

/** A page of the user list and the total it is a page of. */
interface UserPage {
  items: AdminUser[];
  total: number;
}

export interface UserValues {
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
const adminUserFields = {
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

const withoutTokenVersion = ({ token_version: _tokenVersion, ...user }: StoredUser): AdminUser => user;

export function createSettingsRepo(database: AppDatabase) {
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

  const findRole = async (id: number): Promise<Role | undefined> => {
    const [role] = await db().select().from(roles).where(eq(roles.id, id));
    if (!role) return undefined;
    const granted = await db()
      .select({ tool_id: rolePermissions.tool_id })
      .from(rolePermissions)
      .where(eq(rolePermissions.role_id, id))
      .orderBy(asc(rolePermissions.tool_id));
    return { ...role, tools: granted.map((row) => row.tool_id) };
  };

  const replaceRoleTools = (roleId: number, toolIds: readonly number[]): Promise<void> =>
    write(async (tx) => {
      await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
      if (toolIds.length > 0) {
        await tx.insert(rolePermissions).values(toolIds.map((tool_id) => ({ role_id: roleId, tool_id })));
      }
    });

  const userFilter = ({ search, pending }: UserFilter): SQL | undefined =>
    and(
      pending ? eq(users.is_active, false) : undefined,
      search ? database.dialect.userSearch(users.id, users.username, users.email, search) : undefined,
    );
  const targetWhere = (target: BulkTarget): SQL | undefined =>
    'ids' in target
      ? inArray(users.id, [...target.ids])
      : userFilter({ page: 1, pageSize: 1, ...target.filter });
  const newestFirst = [desc(users.created_at), desc(users.id)];

  /**
   * A page of the list without a search (everyone, or the pending accounts), prepared once per connection: its
   * rows by the ids of users_created_at_idx or users_active_created_at_idx alone (a deep page's OFFSET walks index
   * entries only), and the total, counted on the same index.
   */
  const unsearchedPage = preparedPerConnection((on: Db, shape: 'all' | 'pending') => {
    const where = userFilter({ page: 1, pageSize: 1, pending: shape === 'pending' });
    const pageIds = on
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      rows: on
        .select(adminUserFields)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(inArray(users.id, pageIds))
        .orderBy(...newestFirst)
        .prepare(),
      total: on.select({ n: count() }).from(users).where(where).prepare(),
    };
  });

  const repo = {
    /**
     * Taken first by every transaction that changes who holds a role or what a role grants, so the lock-out
     * and role-in-use counts see every such change committed before, and none lands until this one ends.
     */
    lockRoleHolders: (): Promise<void> => holdLock(database, 'roleHolders'),

    async listUsers(filter: UserFilter): Promise<UserPage> {
      const { page, pageSize, search } = filter;
      const where = userFilter(filter);
      const offset = (page - 1) * pageSize;
      if (!search) {
        const queries = unsearchedPage(db(), filter.pending ? 'pending' : 'all');
        const values = { limit: pageSize, offset };
        const [items, totals] = await Promise.all([
          queries.rows.execute(values),
          queries.total.execute(values),
        ]);
        return { items, total: totals[0]?.n ?? 0 };
      }
      // A search reads its matches through the search index: one pass with a window count.
      const rows = await db()
        .select({ ...adminUserFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(where)
        .orderBy(...newestFirst)
        .limit(pageSize)
        .offset(offset);
      if (rows.length > 0 || page === 1) {
        return { items: rows.map(({ total: _total, ...user }) => user), total: rows[0]?.total ?? 0 };
      }
      // Past the last page of a search: no row carries the total.
      const [counted] = await db().select({ n: count() }).from(users).where(where);
      return { items: [], total: counted?.n ?? 0 };
    },

    findUser,

    usernameInUse: (username: string, exceptId?: number): Promise<boolean> =>
      usernameInUse(db(), username, exceptId),

    insertUser: (values: UserValues & { password_hash: string }): Promise<number> =>
      write(async (tx) => {
        const rows = await tx
          .insert(users)
          .values({ ...values, username_skeleton: usernameSkeleton(values.username) })
          .returning({ id: users.id });
        return single(rows, 'new user').id;
      }),

    /**
     * Updates the account; `endSessions` bumps the token version and drops the user's session rows, `endLinks`
     * deletes the user's outstanding recovery and set-up links.
     */
    updateUser: (
      id: number,
      values: UserValues & { password_hash?: string | undefined },
      endSessions: boolean,
      endLinks = false,
    ): Promise<void> =>
      write(async (tx) => {
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
      }),

    deleteUser: (id: number): Promise<void> =>
      write(async (tx) => {
        await tx.delete(users).where(eq(users.id, id));
      }),

    /**
     * Sets `change` on the targeted accounts that do not have it yet and ends their sessions (a new role or
     * active flag signs them out, as a single edit does); a deactivation also ends their outstanding links.
     * Returns the accounts that changed.
     */
    bulkUpdate: (target: BulkTarget, change: BulkChange): Promise<AccountRef[]> =>
      write(async (tx) => {
        const differs =
          'is_active' in change ? ne(users.is_active, change.is_active) : ne(users.role_id, change.role_id);
        const where = and(targetWhere(target), differs);
        const changing = tx.select({ id: users.id }).from(users).where(where);
        await tx.delete(sessions).where(inArray(sessions.user_id, changing));
        if ('is_active' in change && !change.is_active) await endResetLinks(tx, changing);
        return tx
          .update(users)
          .set({ ...change, token_version: sql`${users.token_version} + 1` })
          .where(where)
          .returning({ username: users.username, email: users.email });
      }),

    /** The targeted accounts still waiting for activation (who an activation or deletion emails). */
    listPending: (target: BulkTarget): Promise<{ email: string; username: string }[]> =>
      db()
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(and(targetWhere(target), eq(users.is_active, false))),

    /** Deletes the targeted accounts (their sessions go with them); returns the accounts deleted. */
    bulkDelete: (target: BulkTarget): Promise<AccountRef[]> =>
      write(async (tx) => {
        const where = targetWhere(target);
        await tx
          .delete(sessions)
          .where(inArray(sessions.user_id, tx.select({ id: users.id }).from(users).where(where)));
        return tx.delete(users).where(where).returning({ username: users.username, email: users.email });
      }),

    /** Active accounts whose role grants the config tool: the people who can still administer. */
    async countActiveConfigUsers(): Promise<number> {
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
    },

    async roleExists(id: number): Promise<boolean> {
      const [row] = await db().select({ id: roles.id }).from(roles).where(eq(roles.id, id));
      return row !== undefined;
    },

    async listRoles(): Promise<Role[]> {
      const [granted, all] = await Promise.all([
        db().select().from(rolePermissions).orderBy(asc(rolePermissions.tool_id)),
        db().select().from(roles).orderBy(asc(roles.id)),
      ]);
      return all.map((role) => ({
        ...role,
        tools: granted.filter((row) => row.role_id === role.id).map((row) => row.tool_id),
      }));
    },

    findRole,

    insertRole: (
      values: { name: string; description: string },
      toolIds: readonly number[],
    ): Promise<number> =>
      write(async (tx) => {
        const { id } = single(await tx.insert(roles).values(values).returning({ id: roles.id }), 'new role');
        await replaceRoleTools(id, toolIds);
        return id;
      }),

    updateRole: (id: number, values: { name: string; description: string }, toolIds: readonly number[]) =>
      write(async (tx) => {
        await tx.update(roles).set(values).where(eq(roles.id, id));
        await replaceRoleTools(id, toolIds);
      }),

    deleteRole: (id: number): Promise<void> =>
      write(async (tx) => {
        await tx.delete(roles).where(eq(roles.id, id));
      }),

    async countRoleUsers(id: number): Promise<number> {
      const [row] = await db().select({ n: count() }).from(users).where(eq(users.role_id, id));
      return row?.n ?? 0;
    },

    listTools: (): Promise<Tool[]> => db().select().from(tools).orderBy(asc(tools.id)),

    listRolePermissions: (): Promise<RolePermission[]> =>
      db().select().from(rolePermissions).orderBy(asc(rolePermissions.role_id), asc(rolePermissions.tool_id)),
  };
  return {
    ...repo,
    /** Runs `work` in one transaction: a thrown error rolls every write back. */
    transaction: <T>(work: (tx: typeof repo) => Promise<T>): Promise<T> => write(() => work(repo)),
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
export type SettingsQueries = Omit<SettingsRepo, 'transaction'>;

export { withoutTokenVersion };
