import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Estadísticas' kept daily rows: one value per day (of the community's time zone), metric and dimension (a
 * role, a tool, a currency, a subscription state; '' when the metric has none). The screen reads only these.
 */
export const statsDaily = sqliteTable(
  'stats_daily',
  {
    metric: text('metric').notNull(),
    day: text('day').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dimension] })],
);

/**
 * The kept rows summed per week (from Monday, keyed by that day): flows totalled, snapshots as the week's last
 * closed day left them. Rewritten whole by each close that closes a day of the week, so a year or the whole
 * history is read in weeks rather than summed from its days.
 */
export const statsWeekly = sqliteTable(
  'stats_weekly',
  {
    metric: text('metric').notNull(),
    week: text('week').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.metric, t.dimension] })],
);

/** The kept rows per month (keyed by its first day), kept as the weekly ones are: the whole history's series. */
export const statsMonthly = sqliteTable(
  'stats_monthly',
  {
    metric: text('metric').notNull(),
    month: text('month').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.metric, t.dimension] })],
);

/**
 * The days whose rows are complete: a day is closed once, whichever node gets there first. `newest_account` is
 * the newest account the close saw: an account above it made with an earlier date (an import of past members)
 * is added to the days already closed by the next close.
 */
export const statsClosedDays = sqliteTable('stats_closed_days', {
  day: text('day').primaryKey(),
  closed_at: text('closed_at').notNull(),
  newest_account: integer('newest_account'),
});

/**
 * Uses of a tool that leaves no row of its own (Texto), per day, tool and member: written in the same
 * statement as the use is counted, one row per member and day whatever the number of uses. The close reads
 * these for the day's uses and active members; no foreign key, so a deleted member's uses still count.
 */
export const statsToolUses = sqliteTable(
  'stats_tool_uses',
  {
    day: text('day').notNull(),
    tool: text('tool').notNull(),
    user_id: integer('user_id').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.tool, t.user_id] })],
);

/**
 * Each class's completion as the last close found it: its title and place, members who opened or finished it,
 * and how many finished. Rewritten whole by each close, so the screen reads these rows alone, never the marks
 * or the library.
 */
export const statsClasses = sqliteTable(
  'stats_classes',
  {
    video_id: integer('video_id').notNull(),
    library: text('library').notNull(),
    titulo: text('titulo').notNull(),
    /** The class's category in its library: its id (for the filter) and its name as the close found it. */
    categoria_id: integer('categoria_id').notNull().default(0),
    categoria: text('categoria').notNull().default(''),
    orden: integer('orden').notNull(),
    viewers: integer('viewers').notNull().default(0),
    finished: integer('finished').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.video_id] }),
    // A library's most viewed classes, read in index order.
    index('stats_classes_viewers_idx').on(t.library, t.viewers, t.video_id),
    // One category's most viewed classes, read in index order.
    index('stats_classes_category_idx').on(t.library, t.categoria_id, t.viewers, t.video_id),
  ],
);
