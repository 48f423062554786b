import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const roles = sqliteTable(
  'roles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** As its administrator wrote it; unique whatever its case (the service compares names folded). */
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
  },
  // The backstop for two nodes creating one name at once; lower() folds ASCII on SQLite, all letters on PostgreSQL.
  (table) => [uniqueIndex('roles_name_lower_unique').on(sql`lower(${table.name})`)],
);

export const tools = sqliteTable('tools', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
});

export const rolePermissions = sqliteTable(
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

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /**
     * Whether the owner proved the email (followed a link sent to it). An administrator's or an import's word
     * counts as proof; a self-registered account or one a payment made starts without it.
     */
    email_verified: integer('email_verified', { mode: 'boolean' }).notNull().default(true),
    /** An administrator deactivated the account: billing never activates it again (the administrator's word wins). */
    deactivated_by_admin: integer('deactivated_by_admin', { mode: 'boolean' }).notNull().default(false),
    /** Bumped to end every session of the user at once (password change, forced sign-out). */
    token_version: integer('token_version').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_unique').on(t.username_skeleton),
    index('users_role_idx').on(t.role_id),
    index('users_created_at_idx').on(t.created_at),
    // The admin table's "pending activation" filter, newest first, on a large community.
    index('users_active_created_at_idx').on(t.is_active, t.created_at),
  ],
);

/**
 * Accounts per state (active / pending activation): the admin list's totals, kept by every write of `users`
 * in its own transaction (db/kept-counts.ts), so a page never counts the table.
 */
export const userCounts = sqliteTable(
  'user_counts',
  {
    is_active: integer('is_active', { mode: 'boolean' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.is_active] })],
);

/**
 * One row per signed-in browser: logout deletes it, so a copied cookie dies with the session. The browser's
 * user agent and address are kept as they came, for the member's list of open sessions (/perfil).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: text('expires_at').notNull(),
    user_agent: text('user_agent'),
    ip: text('ip'),
    /** Written at most once a minute per session, so a busy browser does not write on every request. */
    last_used_at: text('last_used_at'),
    /** The account epoch the session was opened under (modules/accounts/epoch.ts): refused once it moved. */
    epoch: integer('epoch').notNull().default(0),
    /** Until when the member's identity counts as confirmed for sensitive changes (sudo mode). */
    confirmed_until: text('confirmed_until'),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id),
    index('sessions_expires_idx').on(t.expires_at),
    // Estadísticas' close of each day reads one day's sign-ins.
    index('sessions_created_idx').on(t.created_at),
  ],
);

/** Server-side settings that are not configuration (e.g. the generated session secret). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The rate limiters' counters (rate-limiter-flexible's own table, declared here so the daily purge and the
 * erasure reach it and the migration makes it before the limiters do). Keys are `<budget>:<hash>`, each part
 * after the budget a SHA-256 of an address, an id or an IP (lib/rate-limits.ts); `expire` is in milliseconds.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: integer('expire'),
});
