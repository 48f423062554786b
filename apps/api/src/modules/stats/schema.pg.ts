import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** PostgreSQL's twin of `./schema.ts`: Estadísticas' kept daily rows. */
export const statsDaily = pgTable(
  'stats_daily',
  {
    metric: text('metric').notNull(),
    day: text('day').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dimension] })],
);

export const statsWeekly = pgTable(
  'stats_weekly',
  {
    metric: text('metric').notNull(),
    week: text('week').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.metric, t.dimension] })],
);

export const statsMonthly = pgTable(
  'stats_monthly',
  {
    metric: text('metric').notNull(),
    month: text('month').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.metric, t.dimension] })],
);

export const statsClosedDays = pgTable('stats_closed_days', {
  day: text('day').primaryKey(),
  closed_at: text('closed_at').notNull(),
  newest_account: integer('newest_account'),
});

export const statsToolUses = pgTable(
  'stats_tool_uses',
  {
    day: text('day').notNull(),
    tool: text('tool').notNull(),
    user_id: integer('user_id').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.tool, t.user_id] })],
);

export const statsClasses = pgTable(
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
