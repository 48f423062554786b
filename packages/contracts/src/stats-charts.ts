import { z } from 'zod';
import { endpointsOf } from './http';
import { LIBRARY_NAMES } from './library';
import { roleDisplayName } from './roles';
import {
  MRR_MOVE_LABELS,
  MRR_MOVES,
  PAYING_STATE_LABELS,
  PAYING_STATES,
  STATS_FIGURE_TEXTS,
  StatsRange,
  type StatsMetric,
  type StatsOverview,
  type StatsPoint,
} from './stats';
import { isToolName, TOOL_TITLES } from './tools';

const endpoint = endpointsOf('estadisticas');

/**
 * The charts of Estadísticas as tables: one row per period, one column per dimension. The screen draws them and
 * the server writes their CSV from the same definition, so a download holds what the screen shows.
 */

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

/** The days from `from` to `to`, both included (calendar days, no time zone involved). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

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

/**
 * Kept rows as a table: every period of the range (one without a row is a zero), one column per dimension in
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

/** The charts, in the screen's order. `mrr` and `revenue_moves` are one chart per currency. */
export const STATS_CHARTS = [
  'members',
  'role_changes',
  'revenue_moves',
  'mrr',
  'paid_flows',
  'paying',
  'signups',
  'active',
  'active_month',
  'tool_uses',
  'completions',
] as const;
export const StatsChartKey = z.enum(STATS_CHARTS, { error: 'Gráfico no válido' });
export type StatsChartKey = z.infer<typeof StatsChartKey>;

const PER = { day: 'por día', week: 'por semana', month: 'por mes' } as const;

/** A chart's title for the range's grouping, and the start of its CSV's name. */
export function statsChartTitle(chart: StatsChartKey, period: StatsRowPeriod, currency = ''): string {
  const per = PER[period];
  const titles: Record<StatsChartKey, string> = {
    members: 'Miembros por rol',
    role_changes: `Cambios de rol ${per}`,
    revenue_moves: `Movimientos del MRR (${currency.toUpperCase()}) ${per}`,
    mrr: `Ingresos mensuales recurrentes (${currency.toUpperCase()})`,
    paid_flows: `Altas y bajas de pago ${per}`,
    paying: 'Suscripciones por estado',
    signups: `Nuevos miembros y activaciones ${per}`,
    active:
      period === 'month'
        ? `${STATS_FIGURE_TEXTS.active.label} cada día, sumados por mes`
        : `${STATS_FIGURE_TEXTS.active.label} ${per}`,
    active_month: `${STATS_FIGURE_TEXTS.active.label} por mes`,
    tool_uses: `Uso de las herramientas ${per}`,
    completions: `Clases completadas ${per}`,
  };
  return titles[chart];
}

export const STATS_CHART_FILES: Record<StatsChartKey, string> = {
  members: 'miembros-por-rol',
  role_changes: 'cambios-de-rol',
  revenue_moves: 'movimientos-mrr',
  mrr: 'ingresos',
  paid_flows: 'altas-y-bajas',
  paying: 'suscripciones',
  signups: 'nuevos-miembros',
  active: 'miembros-activos',
  active_month: 'miembros-activos-por-mes',
  tool_uses: 'uso-herramientas',
  completions: 'clases-completadas',
};

/** The currencies the range's income is kept in (list prices for `mrr`, Stripe's MRR for `revenue_moves`). */
export const statsCurrencies = (stats: StatsOverview, metric: 'mrr' | 'revenue_moves' = 'mrr'): string[] =>
  [
    ...new Set(
      (
        stats.series.find((series) => series.metric === (metric === 'mrr' ? 'mrr' : 'revenue'))?.points ?? []
      ).map((point) => point.dimension.split(':')[0] ?? ''),
    ),
  ].sort();

/** Whether a chart is one per currency, its numbers money in minor units. */
export const isMoneyChart = (chart: StatsChartKey): chart is 'mrr' | 'revenue_moves' =>
  chart === 'mrr' || chart === 'revenue_moves';

const stateColumns = PAYING_STATES.map((state) => ({ key: state, label: PAYING_STATE_LABELS[state] }));

/** A chart of a range as its table (`currency` picks the income chart's currency). */
export function statsChartTable(stats: StatsOverview, chart: StatsChartKey, currency = ''): StatsTable {
  const from = stats.from ?? '';
  const to = stats.to ?? '';
  const period = stats.period;
  const periods = { day: daysOf, week: weeksOf, month: monthsOf }[period](from, to);
  // A month's rows are keyed AAAA-MM (its first point is keyed by the range's first day).
  const points = (metric: StatsMetric) => {
    const found = stats.series.find((series) => series.metric === metric)?.points ?? [];
    return period === 'month' ? found.map((point) => ({ ...point, day: point.day.slice(0, 7) })) : found;
  };
  const table = (metric: StatsMetric, columns: StatsColumn[] = [], labelOf?: (d: string) => string) =>
    tableOf(points(metric), periods, columns, labelOf, period);
  // Several flows in one chart: each metric becomes a column.
  const flows = (metrics: Partial<Record<StatsMetric, string>>) =>
    tableOf(
      Object.keys(metrics).flatMap((metric) =>
        points(metric as StatsMetric).map((point) => ({ ...point, dimension: metric })),
      ),
      periods,
      Object.entries(metrics).map(([key, label]) => ({ key, label })),
      undefined,
      period,
    );
  switch (chart) {
    case 'members':
      return table('members', [], roleDisplayName);
    case 'role_changes':
      return table('role_changes', [], roleDisplayName);
    case 'revenue_moves':
      return tableOf(
        points('revenue_moves')
          .filter((point) => point.dimension.startsWith(`${currency}:`))
          .map((point) => ({ ...point, dimension: point.dimension.slice(currency.length + 1) })),
        periods,
        MRR_MOVES.map((move) => ({ key: move, label: MRR_MOVE_LABELS[move] })),
        undefined,
        period,
      );
    case 'mrr':
      return tableOf(
        points('mrr')
          .filter((point) => point.dimension.startsWith(`${currency}:`))
          .map((point) => ({ ...point, dimension: point.dimension.slice(currency.length + 1) })),
        periods,
        stateColumns,
        undefined,
        period,
      );
    case 'paid_flows':
      return flows({
        paid_signups: STATS_FIGURE_TEXTS.paid_signups.label,
        cancellations: STATS_FIGURE_TEXTS.cancellations.label,
        trial_starts: 'Pruebas iniciadas',
        trial_conversions: 'Pruebas convertidas',
      });
    case 'paying':
      return table('paying', stateColumns);
    case 'signups':
      return flows({ signups: STATS_FIGURE_TEXTS.new_members.label, activations: 'Activaciones' });
    case 'active':
      return flows({ active: STATS_FIGURE_TEXTS.active.label });
    case 'active_month':
      return {
        period: 'month',
        columns: [{ key: 'active', label: STATS_FIGURE_TEXTS.active.label }],
        rows: stats.monthly_active.map(({ month, value }) => ({ day: month, values: { active: value } })),
      };
    case 'tool_uses':
      return table('tool_uses', [], (tool) => (isToolName(tool) ? TOOL_TITLES[tool] : tool));
    case 'completions':
      return table(
        'completions',
        LIBRARY_NAMES.map((library) => ({ key: library, label: TOOL_TITLES[library] })),
      );
  }
}

export const StatsChartExportQuery = z.strictObject({
  range: StatsRange.default('30'),
  chart: StatsChartKey,
  /** The currency of an income chart (`mrr`, `revenue_moves`), lower case as kept. */
  currency: z
    .string()
    .regex(/^[a-z]{3}$/, { error: 'Moneda no válida' })
    .optional(),
});
export type StatsChartExportQuery = z.input<typeof StatsChartExportQuery>;

export const StatsChartExport = z.strictObject({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
});
export type StatsChartExport = z.infer<typeof StatsChartExport>;

export const statsChartExport = endpoint({
  summary: 'Exporta en CSV los números de un gráfico de Estadísticas para un periodo.',
  method: 'GET',
  path: '/api/estadisticas/exportar',
  query: StatsChartExportQuery,
  response: StatsChartExport,
});
