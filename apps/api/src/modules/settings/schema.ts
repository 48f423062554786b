import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * Accounts per state (is_active 0 / 1), kept by triggers on `users` (migration `0007_listing_counters_triggers`), so
 * the admin table's totals cost one row read instead of a count over every account. The same migration adds
 * `users_search`, an FTS5 trigram index of username and email (not declarable in drizzle).
 */
export const userCounts = sqliteTable('user_counts', {
  is_active: integer('is_active', { mode: 'boolean' }).primaryKey(),
  n: integer('n').notNull().default(0),
});
