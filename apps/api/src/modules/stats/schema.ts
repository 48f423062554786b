import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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

/** The days whose rows are complete: a day is closed once, whichever node gets there first. */
export const statsClosedDays = sqliteTable('stats_closed_days', {
  day: text('day').primaryKey(),
  closed_at: text('closed_at').notNull(),
});
