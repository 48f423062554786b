import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Estadísticas' prepared history: the kept daily rows of the API tests' hand-computed scenario (six sign-ups,
 * four paid sign-ups with one trial converted, one cancellation, a payment retried; 10 €, 10,50 € a year's
 * twelfth and 9 $; three activations, role changes, Texto uses, six classes completed) and each class's kept
 * completion (Membresía with more than a page of classes), on the six days that end yesterday in Europe/Madrid. Only Estadísticas reads these tables, so the
 * other specs sharing the server see nothing of it.
 */
const ROWS: readonly [dayIndex: number, metric: string, dimension: string, value: number][] = [
  [1, 'activations', '', 2],
  [4, 'activations', '', 1],
  [1, 'active', '', 1],
  [3, 'active', '', 1],
  [4, 'active', '', 2],
  [5, 'active', '', 1],
  [1, 'active_month', '', 1],
  [2, 'active_month', '', 1],
  [3, 'active_month', '', 2],
  [4, 'active_month', '', 2],
  [5, 'active_month', '', 3],
  [2, 'cancellations', '', 1],
  [0, 'completions', 'membresia', 1],
  [1, 'completions', 'membresia', 1],
  [2, 'completions', 'cafelito-virtual', 1],
  [3, 'completions', 'membresia', 1],
  [4, 'completions', 'membresia', 2],
  [0, 'members', 'vip', 1],
  [1, 'members', 'vip', 2],
  [2, 'members', 'cafeinas', 1],
  [2, 'members', 'vip', 2],
  [3, 'members', 'cafeinas', 2],
  [3, 'members', 'vip', 2],
  [4, 'members', 'cafeinas', 3],
  [4, 'members', 'vip', 3],
  [5, 'members', 'cafeinas', 2],
  [5, 'members', 'vip', 4],
  [0, 'mrr', 'eur:active', 1000],
  [1, 'mrr', 'eur:active', 1000],
  [1, 'mrr', 'eur:trialing', 1000],
  [2, 'mrr', 'eur:active', 1050],
  [2, 'mrr', 'eur:trialing', 1000],
  [3, 'mrr', 'eur:cancelling', 1050],
  [3, 'mrr', 'eur:trialing', 1000],
  [4, 'mrr', 'eur:active', 1000],
  [4, 'mrr', 'eur:cancelling', 1050],
  [4, 'mrr', 'usd:active', 900],
  [5, 'mrr', 'eur:active', 1000],
  [5, 'mrr', 'eur:cancelling', 1050],
  [5, 'mrr', 'usd:past_due', 900],
  [0, 'paid_signups', '', 1],
  [1, 'paid_signups', '', 1],
  [2, 'paid_signups', '', 1],
  [4, 'paid_signups', '', 1],
  [0, 'paying', 'active', 1],
  [1, 'paying', 'active', 1],
  [1, 'paying', 'trialing', 1],
  [2, 'paying', 'active', 1],
  [2, 'paying', 'trialing', 1],
  [3, 'paying', 'cancelling', 1],
  [3, 'paying', 'trialing', 1],
  [4, 'paying', 'active', 2],
  [4, 'paying', 'cancelling', 1],
  [5, 'paying', 'active', 1],
  [5, 'paying', 'cancelling', 1],
  [5, 'paying', 'past_due', 1],
  [0, 'role_changes', 'vip', 1],
  [1, 'role_changes', 'vip', 1],
  [2, 'role_changes', 'cafeinas', 1],
  [2, 'role_changes', 'vip', 1],
  [4, 'role_changes', 'vip', 1],
  [5, 'role_changes', 'vip', 1],
  [0, 'signups', '', 1],
  [1, 'signups', '', 1],
  [2, 'signups', '', 1],
  [3, 'signups', '', 2],
  [4, 'signups', '', 1],
  [1, 'tool_uses', 'ytvideo', 1],
  [3, 'tool_uses', 'texto', 2],
  [4, 'tool_uses', 'redgram', 1],
  [4, 'tool_uses', 'texto', 1],
  [4, 'trial_conversions', '', 1],
  [1, 'trial_starts', '', 1],
  // Money as Stripe counts it (from billing's revenue history): 10 € from the first day, 0,50 € more on the
  // third, a new 10 € on the fifth; on the last day 5 € are in payment retry, not counted.
  [0, 'revenue', 'eur', 1000],
  [1, 'revenue', 'eur', 1000],
  [2, 'revenue', 'eur', 1050],
  [3, 'revenue', 'eur', 1050],
  [4, 'revenue', 'eur', 2050],
  [5, 'revenue', 'eur', 2050],
  [5, 'revenue_plan', 'eur:vip', 2050],
  [5, 'revenue_retrying', 'eur', 500],
  [5, 'subscribers', 'eur:paying', 2],
  [5, 'subscribers', 'eur:retrying', 1],
  [0, 'revenue_moves', 'eur:new', 1000],
  [2, 'revenue_moves', 'eur:expansion', 50],
  [4, 'revenue_moves', 'eur:new', 1000],
];

/** Each class's kept completion: id, library, title, place, viewers, finished. */
const CLASSES: readonly [number, string, string, number, number, number, number, string][] = [
  [9001, 'membresia', 'Clase c1', 1, 4, 3, 901, 'Fundamentos'],
  [9002, 'membresia', 'Clase c2', 2, 2, 2, 901, 'Fundamentos'],
  [9003, 'cafelito-virtual', 'Clase c3', 1, 1, 1, 903, 'Café'],
  // More than a page of Membresía's table: one viewer each, none finished.
  ...Array.from(
    { length: 22 },
    (_, i) =>
      [9100 + i, 'membresia', `Clase extra ${i + 1}`, 10 + i, 1, 0, 902, 'Extras'] as [
        number,
        string,
        string,
        number,
        number,
        number,
        number,
        string,
      ],
  ),
];

/**
 * Today in Madrid, read once per run: the global set-up reads it first and its workers inherit it, so a run that
 * crosses midnight checks the same days it prepared (the server closes no new day before its first timer tick).
 */
function madridToday(): string {
  process.env.E2E_MADRID_TODAY ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(),
  );
  return process.env.E2E_MADRID_TODAY;
}

/** The day (AAAA-MM-DD) `n` days before today in Madrid. */
function madridDay(daysAgo: number): string {
  const [y, m, d] = madridToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - daysAgo)).toISOString().slice(0, 10);
}

/** The six prepared days, oldest first: the last is yesterday. */
export const STATS_DAYS = [6, 5, 4, 3, 2, 1].map(madridDay);
export const FIRST_DAY = madridDay(6);
export const LAST_DAY = madridDay(1);

/** The Monday of the week `day` falls in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Snapshots a period keeps at its last day; every other metric but the month's running count is summed. */
const PERIOD_SNAPSHOTS = [
  'members',
  'paying',
  'mrr',
  'revenue',
  'revenue_retrying',
  'revenue_plan',
  'subscribers',
];

/** The first day of the month `day` falls in. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The weekly or monthly rows the close keeps for these days (`startOf` gives a day's period): flows summed per
 * period, snapshots at the period's last day.
 */
function periodRows(
  rows: readonly (readonly [string, string, string, number])[],
  startOf: (day: string) => string,
) {
  const lastOfPeriod = new Map<string, string>();
  for (const day of STATS_DAYS) lastOfPeriod.set(startOf(day), day);
  const periods = new Map<string, [string, string, string, number]>();
  for (const [day, metric, dimension, value] of rows) {
    if (metric === 'active_month') continue;
    const start = startOf(day);
    if (PERIOD_SNAPSHOTS.includes(metric) && lastOfPeriod.get(start) !== day) continue;
    const key = `${start}\t${metric}\t${dimension}`;
    const kept = periods.get(key) ?? [start, metric, dimension, 0];
    kept[3] += value;
    periods.set(key, kept);
  }
  return [...periods.values()];
}

/** Writes the kept rows and marks their days closed, through the API package's SQLite driver. */
export async function prepareStatsHistory(databasePath: string, apiDir: string): Promise<void> {
  const rows = ROWS.map(
    ([index, metric, dimension, value]) => [madridDay(6 - index), metric, dimension, value] as const,
  );
  const weeks = periodRows(rows, mondayOf);
  const months = periodRows(rows, monthOf);
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    const { rows, weeks, months, days, classes } = JSON.parse(process.argv[2]);
    db.transaction(() => {
      const row = db.prepare('INSERT INTO stats_daily (day, metric, dimension, value) VALUES (?, ?, ?, ?)');
      for (const r of rows) row.run(...r);
      const week = db.prepare('INSERT INTO stats_weekly (week, metric, dimension, value) VALUES (?, ?, ?, ?)');
      for (const w of weeks) week.run(...w);
      const month = db.prepare('INSERT INTO stats_monthly (month, metric, dimension, value) VALUES (?, ?, ?, ?)');
      for (const m of months) month.run(...m);
      const mark = db.prepare('INSERT INTO stats_closed_days (day, closed_at) VALUES (?, ?)');
      for (const day of days) mark.run(day, new Date().toISOString());
      const kept = db.prepare(
        'INSERT INTO stats_classes (video_id, library, titulo, orden, viewers, finished, categoria_id, categoria) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      for (const c of classes) kept.run(...c);
    })();
    db.close();`;
  await promisify(execFile)(
    process.execPath,
    ['-e', script, databasePath, JSON.stringify({ rows, weeks, months, days: STATS_DAYS, classes: CLASSES })],
    { cwd: apiDir },
  );
}
