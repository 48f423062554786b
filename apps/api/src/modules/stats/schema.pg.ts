import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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

export const statsClosedDays = pgTable('stats_closed_days', {
  day: text('day').primaryKey(),
  closed_at: text('closed_at').notNull(),
});
