import { AdminUser, type Role, type RolePermission, type Tool } from '@app/contracts';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { inIdOrder, inIds, jsonBoolean, jsonObject } from '../../db/json';
import { ANY_WRITE, keptUntilWrite, watchTables } from '../../db/watch';
import type * as schema from '../../db/schema';
import { rolePermissions, roles, sessions, tools, users } from '../../db/schema';
import { userCounts } from './schema';

/** The database or a transaction on it: every query below runs on either. */
type Executor = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

export interface UserFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  pending?: boolean | undefined;
}

/** A page of the user list: its rows already JSON (see adminUserJson), and the total it is a page of. */
interface UserPage {
  items: string[];
  total: number;
}

export interface UserValues {
  username: string;
  email: string;
  phone: string | null;
  role_id: number;
  is_active: boolean;
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

/** A row of the admin list as the contract's JSON, written by SQLite (no object per row, no serializer pass). */
const adminUserJson = jsonObject(AdminUser, {
  ...adminUserFields,
  is_active: jsonBoolean(users.is_active),
});

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The trigram index finds substrings of 3 characters or more; shorter searches scan with LIKE. */
const TRIGRAM = 3;

/** The search term as one FTS5 phrase: quoted, inner quotes doubled, so no input is read as query syntax. */
const ftsPhrase = (value: string): string => `"${value.replaceAll('"', '""')}"`;

/** How a page of the user list is filtered: by state, and by a search through the index or a scan. */
type SearchKind = 'none' | 'index' | 'scan';

interface UserListVariant {
  pending: boolean;
  search: SearchKind;
}

/** Builds a statement once per filter shape and reuses it. */
function perVariant<T>(build: (variant: UserListVariant) => T): (variant: UserListVariant) => T {
  const built = new Map<string, T>();
  return (variant) => {
    const key = `${variant.pending}:${variant.search}`;
    let statement = built.get(key);
    if (statement === undefined) {
      statement = build(variant);
      built.set(key, statement);
    }
    return statement;
  };
}

const withoutTokenVersion = ({ token_version: _tokenVersion, ...user }: StoredUser): AdminUser => user;

function queries(db: Executor) {
  const findUser = (id: number): StoredUser | undefined =>
    db
      .select(adminUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(eq(users.id, id))
      .get();

  const findRole = (id: number): Role | undefined => {
    const role = db.select().from(roles).where(eq(roles.id, id)).get();
    if (!role) return undefined;
    const granted = db
      .select({ tool_id: rolePermissions.tool_id })
      .from(rolePermissions)
      .where(eq(rolePermissions.role_id, id))
      .orderBy(asc(rolePermissions.tool_id))
      .all();
    return { ...role, tools: granted.map((row) => row.tool_id) };
  };

  const replaceRoleTools = (roleId: number, toolIds: readonly number[]): void => {
    db.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId)).run();
    if (toolIds.length > 0) {
      db.insert(rolePermissions)
        .values(toolIds.map((tool_id) => ({ role_id: roleId, tool_id })))
        .run();
    }
  };

  /** The user-list statements, built and prepared once per filter shape (the admin page runs them often). */
  const whereFor = ({ pending, search }: UserListVariant): SQL | undefined => {
    const conditions: SQL[] = [];
    if (pending) conditions.push(eq(users.is_active, false));
    if (search === 'index') {
      // The trigram index (users_search, kept by triggers) yields the matching ids: the rows are read by
      // primary key, so a search costs its matches, not the whole community.
      conditions.push(
        sql`${users.id} in (select rowid from users_search where users_search match ${sql.placeholder('match')})`,
      );
    } else if (search === 'scan') {
      // Searches of 1-2 characters: too short for trigrams, so today's LIKE scan (ASCII case folding). SQLite's
      // LIKE already ignores ASCII case, and its lower() folds nothing more.
      const pattern = sql.placeholder('pattern');
      conditions.push(
        sql`(${users.username} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`,
      );
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  };
  const pageQuery = <T extends object>(variant: UserListVariant, columns: T) =>
    db
      .select({ json: adminUserJson, ...columns })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(whereFor(variant))
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare();
  /** The trigger-kept totals: every account, or those waiting for activation. */
  const allTotal = db.select({ n: sql<number>`coalesce(sum(${userCounts.n}), 0)` }).from(userCounts);
  const pendingTotal = db.select({ n: userCounts.n }).from(userCounts).where(eq(userCounts.is_active, false));
  const userQueries = {
    page: perVariant((variant) => pageQuery(variant, {})),
    windowedPage: perVariant((variant) => pageQuery(variant, { total: sql<number>`count(*) over ()` })),
    /**
     * Without a search, a page's ids come from users_created_at_idx or users_active_created_at_idx alone, so a
     * deep page's OFFSET walks index entries only; the rows are then read by id (rowsByIds).
     */
    ids: perVariant((variant) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(whereFor(variant))
        .orderBy(desc(users.created_at), desc(users.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(),
    ),
    rowsByIds: db
      .select({ id: users.id, json: adminUserJson })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(inIds(users.id))
      .prepare(),
    count: perVariant((variant) => db.select({ n: count() }).from(users).where(whereFor(variant)).prepare()),
    total: allTotal.prepare(),
    pendingTotal: pendingTotal.prepare(),
  };

  return {
    listUsers({ page, pageSize, search, pending }: UserFilter): UserPage {
      // A NUL would end the FTS5 query string early (a syntax error): such a term keeps today's scan.
      const kind: SearchKind = !search
        ? 'none'
        : Array.from(search).length >= TRIGRAM && !search.includes('\u0000')
          ? 'index'
          : 'scan';
      const variant = { pending: pending === true, search: kind };
      const params = {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        pattern: kind === 'scan' ? `%${escapeLike(search!.toLowerCase())}%` : '',
        match: kind === 'index' ? ftsPhrase(search!) : '',
      };
      if (kind === 'none') {
        // The ids from the index, the rows by id and the counter's total, in one snapshot.
        return db.transaction(() => {
          const ids = userQueries
            .ids(variant)
            .all(params)
            .map((row) => row.id);
          const rows =
            ids.length === 0 ? [] : inIdOrder(ids, userQueries.rowsByIds.all({ ids: JSON.stringify(ids) }));
          const total = (pending ? userQueries.pendingTotal.get() : userQueries.total.get())?.n ?? 0;
          return { items: rows.map((row) => row.json), total };
        });
      }
      if (kind === 'index') {
        // The matches are read by id anyway: one pass counts them too (a window count).
        const rows = userQueries.windowedPage(variant).all(params);
        if (rows.length > 0 || page === 1) {
          return { items: rows.map((row) => row.json), total: rows[0]?.total ?? 0 };
        }
      }
      // Past the last page of a search (no row carries the total), or a short search scanning with LIKE.
      const total = userQueries.count(variant).get(params)?.n ?? 0;
      return {
        items:
          kind === 'scan'
            ? userQueries
                .page(variant)
                .all(params)
                .map((row) => row.json)
            : [],
        total,
      };
    },

    findUser,

    insertUser(values: UserValues & { password_hash: string }): number {
      return db.insert(users).values(values).returning({ id: users.id }).get().id;
    },

    /** Updates the account; `endSessions` bumps the token version and drops the user's session rows. */
    updateUser(
      id: number,
      values: UserValues & { password_hash?: string | undefined },
      endSessions: boolean,
    ): void {
      db.update(users)
        .set({
          ...values,
          ...(endSessions ? { token_version: sql`${users.token_version} + 1` } : {}),
        })
        .where(eq(users.id, id))
        .run();
      if (endSessions) db.delete(sessions).where(eq(sessions.user_id, id)).run();
    },

    deleteUser(id: number): void {
      db.delete(users).where(eq(users.id, id)).run();
    },

    /** Active accounts whose role grants the config tool: the people who can still administer. */
    countActiveConfigUsers(): number {
      const configRoles = db
        .select({ role_id: rolePermissions.role_id })
        .from(rolePermissions)
        .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
        .where(eq(tools.name, CONFIG_TOOL));
      return (
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.is_active, true), inArray(users.role_id, configRoles)))
          .get()?.n ?? 0
      );
    },

    roleExists(id: number): boolean {
      return db.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).get() !== undefined;
    },

    listRoles(): Role[] {
      const granted = db.select().from(rolePermissions).orderBy(asc(rolePermissions.tool_id)).all();
      return db
        .select()
        .from(roles)
        .orderBy(asc(roles.id))
        .all()
        .map((role) => ({
          ...role,
          tools: granted.filter((row) => row.role_id === role.id).map((row) => row.tool_id),
        }));
    },

    findRole,

    insertRole(values: { name: string; description: string }, toolIds: readonly number[]): number {
      const id = db.insert(roles).values(values).returning({ id: roles.id }).get().id;
      replaceRoleTools(id, toolIds);
      return id;
    },

    updateRole(id: number, values: { name: string; description: string }, toolIds: readonly number[]): void {
      db.update(roles).set(values).where(eq(roles.id, id)).run();
      replaceRoleTools(id, toolIds);
    },

    deleteRole(id: number): void {
      db.delete(roles).where(eq(roles.id, id)).run();
    },

    countRoleUsers(id: number): number {
      return db.select({ n: count() }).from(users).where(eq(users.role_id, id)).get()?.n ?? 0;
    },

    listTools(): Tool[] {
      return db.select().from(tools).orderBy(asc(tools.id)).all();
    },

    listRolePermissions(): RolePermission[] {
      return db
        .select()
        .from(rolePermissions)
        .orderBy(asc(rolePermissions.role_id), asc(rolePermissions.tool_id))
        .all();
    },
  };
}

export type SettingsQueries = ReturnType<typeof queries>;

/** Pages of the user list kept between changes: plenty for admins paging and searching, bounded whatever they ask. */
const USER_PAGES_KEPT = 100;

export function createSettingsRepo(db: Db) {
  const base = queries(db);
  // The list changes only when an account or a role does (a sign-up, a profile or admin edit; signing in
  // writes neither), so its pages are kept until then.
  const keptPage = keptUntilWrite<UserPage>(
    db.$client,
    watchTables(db.$client, { users: ANY_WRITE, roles: ANY_WRITE }),
    USER_PAGES_KEPT,
  );
  return {
    ...base,
    listUsers: (filter: UserFilter): UserPage =>
      keptPage(
        JSON.stringify([filter.page, filter.pageSize, filter.search ?? null, filter.pending === true]),
        () => base.listUsers(filter),
      ),
    /** Runs `work` in one synchronous transaction: a thrown error rolls every write back. */
    transaction<T>(work: (tx: SettingsQueries) => T): T {
      return db.transaction((tx) => work(queries(tx)));
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

export { withoutTokenVersion };
