import { sortTools, type ToolName } from '@app/contracts';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ANY_WRITE, watchTables } from '../../db/watch';
import { roles, sessions, users } from '../../db/schema';

export interface SessionUserRow {
  user: {
    id: number;
    username: string;
    email: string;
    phone: string | null;
    role: string;
    role_id: number;
    permissions: ToolName[];
  };
  is_active: boolean;
  token_version: number;
}

export interface LoginUserRow extends SessionUserRow {
  password_hash: string;
}

/** The permissions of the user's role, as a comma list, computed in the same query. */
const permissionList = sql<string | null>`(
  select group_concat(t.name) from role_permissions rp join tools t on t.id = rp.tool_id
  where rp.role_id = ${users.role_id}
)`;

const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  role: roles.name,
  role_id: users.role_id,
  is_active: users.is_active,
  token_version: users.token_version,
  permissions: permissionList,
};

type SessionUserSelect = {
  [K in keyof typeof sessionUserColumns]: K extends 'permissions'
    ? string | null
    : K extends 'phone'
      ? string | null
      : K extends 'is_active'
        ? boolean
        : K extends 'id' | 'role_id' | 'token_version'
          ? number
          : string;
};

const toSessionUserRow = ({
  is_active,
  token_version,
  permissions,
  ...user
}: SessionUserSelect): SessionUserRow => ({
  user: {
    ...user,
    role: user.role.toLowerCase(),
    permissions: sortTools((permissions ?? '').split(',')),
  },
  is_active,
  token_version,
});

/** Sessions remembered between their look-ups (the oldest remembered goes first when full). */
const SESSION_CACHE_SIZE = 10_000;

/**
 * Every signed-in request looks its session up. The answer depends only on these tables, so it is kept until
 * any of them is written (by this process or any other connection), which makes logout, deactivation, a role
 * or permission change and a password change take effect on the very next request, as without the cache.
 */
const SESSION_TABLES = {
  // A new session (a sign-in) changes no answer already given: only its update or removal does.
  sessions: ['UPDATE', 'DELETE'],
  users: ANY_WRITE,
  roles: ANY_WRITE,
  role_permissions: ANY_WRITE,
  tools: ANY_WRITE,
} as const;

interface CachedSession {
  userId: number;
  expiresAt: number;
  row: SessionUserRow;
}

export function createSessionRepo(db: Db) {
  // Every signed-in request runs this: build the SQL and the SQLite statement once, not per request.
  const sessionQuery = db
    .select({ ...sessionUserColumns, expires_at: sessions.expires_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.user_id, sql.placeholder('userId')),
        gt(sessions.expires_at, sql.placeholder('now')),
      ),
    )
    .prepare();
  const sessionTablesVersion = watchTables(db.$client, SESSION_TABLES);
  const cache = new Map<string, CachedSession>();
  let cachedVersion = sessionTablesVersion();

  return {
    findUserForLogin(email: string): LoginUserRow | undefined {
      const row = db
        .select({ ...sessionUserColumns, password_hash: users.password_hash })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(eq(sql`lower(${users.email})`, email))
        .get();
      if (!row) return undefined;
      const { password_hash, ...rest } = row;
      return { ...toSessionUserRow(rest), password_hash };
    },

    findSession(sessionId: string, userId: number, now: Date): SessionUserRow | undefined {
      const version = sessionTablesVersion();
      if (version !== cachedVersion) {
        cache.clear();
        cachedVersion = version;
      }
      const cached = cache.get(sessionId);
      if (cached && cached.userId === userId && cached.expiresAt > now.getTime()) return cached.row;
      const found = sessionQuery.get({ sessionId, userId, now: now.toISOString() });
      if (!found) return undefined;
      const { expires_at, ...columns } = found;
      const row = toSessionUserRow(columns);
      if (cache.size >= SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sessionId, { userId, expiresAt: Date.parse(expires_at), row });
      return row;
    },

    createSession(session: { id: string; userId: number; expiresAt: Date }): void {
      db.insert(sessions)
        .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt.toISOString() })
        .run();
    },

    deleteSession(sessionId: string): void {
      db.delete(sessions).where(eq(sessions.id, sessionId)).run();
    },

    purgeExpiredSessions(now: Date): void {
      db.delete(sessions).where(lte(sessions.expires_at, now.toISOString())).run();
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
