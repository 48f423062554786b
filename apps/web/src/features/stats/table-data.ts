import type { StatsRowPeriod } from '@app/contracts';

export {
  daysOf,
  monthsOf,
  PERIOD_HEADERS,
  tableOf,
  weeksOf,
  type StatsRowPeriod,
  type StatsTable,
} from '@app/contracts';

const MONTH_NAMES = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A row's label: dd/mm/aaaa for a day, "semana del dd/mm/aaaa" for a week, "marzo de 2026" for a month. */
export function formatPeriod(key: string, period: StatsRowPeriod): string {
  if (period === 'month') return MONTH_NAMES.format(new Date(`${key}-01T00:00:00Z`));
  return period === 'week' ? `Semana del ${formatDay(key)}` : formatDay(key);
}

/** dd/mm/aaaa, as the app writes days. */
export const formatDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
