import { sortTools, type ToolName } from '@app/contracts';
import { and, desc, eq, gt, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import type { Dialect } from '../../db/dialect/dialect';
import { prepareNamed } from '../../db/named-statement';
import { preparedPerConnection } from '../../db/prepared';
import { rolePermissions, roles, sessions, tools, users } from '../../db/schema';
import { knownDevices } from './schema';

export interface SessionUserRow {
  user: {
    id: number;
    username: string;
    email: string;
    phone: string | null;
    role: string;
    /** The role's name as its administrator wrote it (`role` is the same name in lower case). */
    role_label: string;
    role_id: number;
    permissions: ToolName[];
  };
  is_active: boolean;
  token_version: number;
}

/** A session being opened: the browser's user agent and address are kept for the member's sessions list. */
export interface NewSession {
  id: string;
  userId: number;
  /** Its first use (the sign-in); `created_at` is the database's own clock, as Estadísticas counts it. */
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  /** The account epoch the sign-in was proven under (accounts/epoch.ts). */
  epoch: number;
}

/** The known devices an account keeps: a new one beyond this replaces the oldest. */
const KNOWN_DEVICES_PER_ACCOUNT = 5;

export interface LoginUserRow extends SessionUserRow {
  password_hash: string;
}

/** The permissions of the user's role, as a comma list, computed in the same query. */
const permissionList = (dialect: Dialect) =>
  sql<string | null>`(select ${dialect.commaList(tools.name)} from ${rolePermissions}
    join ${tools} on ${tools.id} = ${rolePermissions.tool_id} where ${rolePermissions.role_id} = ${users.role_id})`;

const sessionUserColumns = (dialect: Dialect) => ({
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  role: roles.name,
  role_id: users.role_id,
  is_active: users.is_active,
  token_version: users.token_version,
  permissions: permissionList(dialect),
});

type SessionUserSelect = {
  [K in keyof ReturnType<typeof sessionUserColumns>]: K extends 'permissions'
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
    role_label: user.role,
    permissions: sortTools((permissions ?? '').split(',')),
  },
  is_active,
  token_version,
});

/**
 * Sessions are checked in the database on every request (no per-process cache: a second node would contradict
 * it), with one indexed query: the session by primary key joined to its user and role.
 */
export function createSessionRepo(database: AppDatabase) {
  const columns = sessionUserColumns(database.dialect);
  const write = database.transaction.bind(database);

  /**
   * The session check runs on every signed-in request, so it is a prepared query (drizzle's own `.prepare()`
   * with placeholders): built once per connection instead of per request, where building it would weigh on every
   * signed-in answer. Named, so PostgreSQL also plans it once per connection rather than on every request.
   */
  const findSessionOn = preparedPerConnection((db: Db, _shape: 'session') =>
    prepareNamed(
      db
        .select({
          ...columns,
          last_used_at: sessions.last_used_at,
          confirmed_until: sessions.confirmed_until,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(
          and(
            eq(sessions.id, sql.placeholder('sessionId')),
            eq(sessions.user_id, sql.placeholder('userId')),
            gt(sessions.expires_at, sql.placeholder('now')),
            // A session opened under an earlier account epoch ended with it.
            eq(sessions.epoch, users.token_version),
          ),
        ),
      'session_user_epoch',
    ),
  );

  return {
    async findUserForLogin(email: string): Promise<LoginUserRow | undefined> {
      const [row] = await database.read
        .select({ ...columns, password_hash: users.password_hash })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(eq(sql`lower(${users.email})`, email));
      if (!row) return undefined;
      const { password_hash, ...rest } = row;
      return { ...toSessionUserRow(rest), password_hash };
    },

    /** The account a passkey belongs to, as a sign-in needs it (state and token version included). */
    async findUserById(userId: number): Promise<SessionUserRow | undefined> {
      const [row] = await database.read
        .select(columns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(eq(users.id, userId));
      return row && toSessionUserRow(row);
    },

    async findSession(
      sessionId: string,
      userId: number,
      now: Date,
    ): Promise<
      (SessionUserRow & { last_used_at: string | null; confirmed_until: string | null }) | undefined
    > {
      const [found] = await findSessionOn(database.read, 'session').execute({
        sessionId,
        userId,
        now: now.toISOString(),
      });
      if (!found) return undefined;
      const { last_used_at, confirmed_until, ...row } = found;
      return { ...toSessionUserRow(row), last_used_at, confirmed_until };
    },

    createSession: (session: NewSession): Promise<void> =>
      write(async (tx) => {
        const now = session.createdAt.toISOString();
        await tx.insert(sessions).values({
          id: session.id,
          user_id: session.userId,
          expires_at: session.expiresAt.toISOString(),
          user_agent: session.userAgent,
          ip: session.ip,
          last_used_at: now,
          epoch: session.epoch,
        });
      }),

    /** Confirms the member's identity on this session until `until` (sudo mode). */
    confirmSession: (sessionId: string, until: Date): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(sessions)
          .set({ confirmed_until: until.toISOString() })
          .where(eq(sessions.id, sessionId));
      }),

    /** Whether this browser completed a sign-in to the account under its current epoch. */
    async isKnownDevice(userId: number, deviceHash: string, epoch: number): Promise<boolean> {
      const [row] = await database.read
        .select({ user_id: knownDevices.user_id })
        .from(knownDevices)
        .where(
          and(
            eq(knownDevices.user_id, userId),
            eq(knownDevices.device_hash, deviceHash),
            eq(knownDevices.epoch, epoch),
          ),
        );
      return row !== undefined;
    },

    /**
     * Remembers a browser that completed a sign-in under `epoch`: rows of an earlier epoch go, and the account
     * keeps only its newest few.
     */
    rememberKnownDevice: (userId: number, deviceHash: string, epoch: number, now: Date): Promise<void> =>
      write(async (tx) => {
        await tx
          .delete(knownDevices)
          .where(and(eq(knownDevices.user_id, userId), ne(knownDevices.epoch, epoch)));
        await tx
          .insert(knownDevices)
          .values({ user_id: userId, device_hash: deviceHash, epoch, created_at: now.toISOString() })
          .onConflictDoNothing();
        const kept = tx
          .select({ device_hash: knownDevices.device_hash })
          .from(knownDevices)
          .where(eq(knownDevices.user_id, userId))
          .orderBy(desc(knownDevices.created_at), desc(knownDevices.device_hash))
          .limit(KNOWN_DEVICES_PER_ACCOUNT);
        await tx
          .delete(knownDevices)
          .where(and(eq(knownDevices.user_id, userId), notInArray(knownDevices.device_hash, kept)));
      }),

    /** Records a use of the session, unless another request (on any node) recorded one since `staleBefore`. */
    touchSession: (sessionId: string, now: Date, staleBefore: Date): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(sessions)
          .set({ last_used_at: now.toISOString() })
          .where(
            and(
              eq(sessions.id, sessionId),
              or(isNull(sessions.last_used_at), lt(sessions.last_used_at, staleBefore.toISOString())),
            ),
          );
      }),

    /** Replaces the hash only if it is still the one that was checked (a password change in between wins). */
    replacePasswordHash: (userId: number, previous: string, next: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(users)
          .set({ password_hash: next })
          .where(and(eq(users.id, userId), eq(users.password_hash, previous)));
      }),

    deleteSession: (sessionId: string): Promise<void> =>
      write(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.id, sessionId));
      }),

    purgeExpiredSessions: (now: Date): Promise<void> =>
      write(async (tx) => {
        await tx.delete(sessions).where(lte(sessions.expires_at, now.toISOString()));
      }),
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
