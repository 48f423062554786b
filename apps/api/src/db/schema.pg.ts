import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A point in time as ISO-8601 UTC text ("2026-11-22T20:27:18.123Z"), exactly as SQLite stores it: the
 * repositories are written once, so a time must read back the same on both engines, and this text sorts and
 * compares in time order. (timestamptz would come back from node-postgres in PostgreSQL's own text form.)
 */
export const isoTimestamp = (name: string) => text(name);

export const createdAt = (name = 'created_at') =>
  isoTimestamp(name)
    .notNull()
    .default(sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** As its administrator wrote it; unique whatever its case (the service compares names folded). */
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
  },
  // The backstop for two nodes creating one name at once; lower() folds ASCII on SQLite, all letters on PostgreSQL.
  (table) => [uniqueIndex('roles_name_lower_unique').on(sql`lower(${table.name})`)],
);

export const tools = pgTable('tools', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tool_id: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.tool_id] }), index('role_permissions_tool_idx').on(t.tool_id)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    /**
     * What the username looks like (lib/username-skeleton.ts): unique, so no two members can be taken for each
     * other. Null only for an older account whose name already looked like another's.
     */
    username_skeleton: text('username_skeleton'),
    email: text('email').notNull(),
    phone: text('phone'),
    password_hash: text('password_hash').notNull(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    is_active: boolean('is_active').notNull().default(true),
    email_verified: boolean('email_verified').notNull().default(true),
    deactivated_by_admin: boolean('deactivated_by_admin').notNull().default(false),
    /** Bumped to end every session of the user at once (password change, forced sign-out). */
    token_version: integer('token_version').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_unique').on(t.username_skeleton),
    index('users_role_idx').on(t.role_id),
    // Newest first with the id as tie-break, as the admin table orders (SQLite's indexes end in the rowid).
    index('users_created_at_idx').on(t.created_at, t.id),
    // The admin table's "pending activation" filter, newest first, on a large community.
    index('users_active_created_at_idx').on(t.is_active, t.created_at, t.id),
    // The admin table's substring search (ILIKE '%...%') on username or email: trigram indexes (pg_trgm).
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * Accounts per state (active / pending activation): the admin list's totals, kept by every write of `users`
 * in its own transaction (db/kept-counts.ts), so a page never counts the table.
 */
export const userCounts = pgTable('user_counts', {
  is_active: boolean('is_active').primaryKey(),
  n: integer('n').notNull().default(0),
});

/** One row per signed-in browser: logout deletes it, so a copied cookie dies with the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: isoTimestamp('expires_at').notNull(),
    user_agent: text('user_agent'),
    ip: text('ip'),
    last_used_at: isoTimestamp('last_used_at'),
    /** The account epoch the session was opened under (modules/accounts/epoch.ts): refused once it moved. */
    epoch: integer('epoch').notNull().default(0),
    /** Until when the member's identity counts as confirmed for sensitive changes (sudo mode). */
    confirmed_until: isoTimestamp('confirmed_until'),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id),
    index('sessions_expires_idx').on(t.expires_at),
    // Estadísticas' close of each day reads one day's sign-ins.
    index('sessions_created_idx').on(t.created_at),
  ],
);

/** Server-side settings that are not configuration (e.g. the generated session secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** The rate limiters' counters: see schema.ts (the column types rate-limiter-flexible creates on PostgreSQL). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
