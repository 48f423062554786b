import { startOfDay } from '../../lib/zoned-time';

export { dayOf } from '../../lib/zoned-time';

/** The day `n` days after `day` (before it when negative): calendar arithmetic, no time zone involved. */
export function addDays(day: string, n: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instants `day` starts and ends at in `timeZone`, as the ISO text the tables store (a 23 or 25-hour day too). */
export function dayBounds(day: string, timeZone: string): { start: string; end: string } {
  return {
    start: startOfDay(day, timeZone).toISOString(),
    end: startOfDay(day, timeZone, 1).toISOString(),
  };
}

/** The Monday of the week `day` falls in (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The first day of the month `day` falls in. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month after `day`'s. */
export const nextMonth = (day: string): string => monthOf(addDays(`${day.slice(0, 7)}-28`, 4));
