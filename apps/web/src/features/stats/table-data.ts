import type { StatsPoint } from '@app/contracts';

/** One column of a chart's table: the dimension it reads and the header a person sees. */
export interface StatsColumn {
  key: string;
  label: string;
}

/** What a table's row is: a day, a week (keyed by its first day) or a month (AAAA-MM). */
export type StatsRowPeriod = 'day' | 'week' | 'month';

/** A chart's numbers: one row per period, one value per column. */
export interface StatsTable {
  period: StatsRowPeriod;
  columns: StatsColumn[];
  rows: { day: string; values: Record<string, number> }[];
}

/** The header of a table's first column, on screen and in the CSV. */
export const PERIOD_HEADERS: Record<StatsRowPeriod, string> = { day: 'Día', week: 'Semana', month: 'Mes' };

/** The first day of each week (Monday) from `from` to `to`, `from` itself first: the rows of a weekly table. */
export function weeksOf(from: string, to: string): string[] {
  return daysOf(from, to).filter(
    (day, index) => index === 0 || new Date(`${day}T00:00:00Z`).getUTCDay() === 1,
  );
}

/** Each month (AAAA-MM) from `from`'s to `to`'s: the rows of a monthly table. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let [year, month] = from.split('-').map(Number) as [number, number]; ; month += 1) {
    if (month > 12) [year, month] = [year + 1, 1];
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > to.slice(0, 7)) return months;
    months.push(key);
  }
}

const MONTH_NAMES = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A row's label: dd/mm/aaaa for a day, "semana del dd/mm/aaaa" for a week, "marzo de 2026" for a month. */
export function formatPeriod(key: string, period: StatsRowPeriod): string {
  if (period === 'month') return MONTH_NAMES.format(new Date(`${key}-01T00:00:00Z`));
  return period === 'week' ? `Semana del ${formatDay(key)}` : formatDay(key);
}

/** The days from `from` to `to`, both included (calendar days, no time zone involved). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Kept rows as a table: every day of the range (a day without a row is a zero), one column per dimension in
 * `columns` order, then any other dimension the rows hold.
 */
export function tableOf(
  points: readonly StatsPoint[],
  days: readonly string[],
  columns: readonly StatsColumn[],
  labelOf: (dimension: string) => string = (dimension) => dimension,
  period: StatsRowPeriod = 'day',
): StatsTable {
  const known = new Set(columns.map((column) => column.key));
  const extra = [...new Set(points.map((point) => point.dimension))]
    .filter((dimension) => !known.has(dimension))
    .sort()
    .map((key) => ({ key, label: labelOf(key) }));
  const all = [...columns, ...extra];
  const byDay = new Map<string, Record<string, number>>();
  for (const point of points) {
    const values = byDay.get(point.day) ?? {};
    values[point.dimension] = (values[point.dimension] ?? 0) + point.value;
    byDay.set(point.day, values);
  }
  return {
    period,
    columns: all,
    rows: days.map((day) => ({
      day,
      values: Object.fromEntries(all.map((column) => [column.key, byDay.get(day)?.[column.key] ?? 0])),
    })),
  };
}

/** dd/mm/aaaa, as the app writes days. */
export const formatDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const quoted = (cell: string) => (/[",;\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * The table as CSV (comma-separated, a header row, days as AAAA-MM-DD so a spreadsheet reads them as dates; a
 * week is its first day, a month AAAA-MM).
 */
export function csvOf(table: StatsTable, format: (value: number) => string = String): string {
  const header = [PERIOD_HEADERS[table.period], ...table.columns.map((column) => column.label)];
  const lines = table.rows.map((row) => [
    row.day,
    ...table.columns.map((column) => format(row.values[column.key] ?? 0)),
  ]);
  return `${[header, ...lines].map((line) => line.map(quoted).join(',')).join('\r\n')}\r\n`;
}
