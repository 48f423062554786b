import type { StatsPoint } from '@app/contracts';

/** One column of a chart's table: the dimension it reads and the header a person sees. */
export interface StatsColumn {
  key: string;
  label: string;
}

/** A chart's numbers: one row per day, one value per column. */
export interface StatsTable {
  columns: StatsColumn[];
  rows: { day: string; values: Record<string, number> }[];
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

/** The table as CSV (comma-separated, a header row, days as AAAA-MM-DD so a spreadsheet reads them as dates). */
export function csvOf(table: StatsTable, format: (value: number) => string = String): string {
  const header = ['Día', ...table.columns.map((column) => column.label)];
  const lines = table.rows.map((row) => [
    row.day,
    ...table.columns.map((column) => format(row.values[column.key] ?? 0)),
  ]);
  return `${[header, ...lines].map((line) => line.map(quoted).join(',')).join('\r\n')}\r\n`;
}
