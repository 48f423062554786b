/**
 * Every date the app shows is read in one zone, the community's TIME_ZONE (public settings, `useTimeZone`),
 * whatever the browser's own zone, so a member and an administrator see the same day and hour. Until that zone is
 * known a date is left blank rather than shown in another zone.
 */

/** "dd/mm/yyyy hh:mm" (spec, section 9). An unreadable date is shown as it came. */
export function formatDateTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (timeZone === undefined) return '';
  const parts = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** The day alone: 'numeric' is dd/mm/yyyy, 'long' is "5 de marzo de 2026". An unreadable date shows nothing. */
export function formatDate(iso: string, timeZone: string | undefined, style: 'numeric' | 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || timeZone === undefined) return '';
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'long' } : { day: '2-digit', month: '2-digit', year: 'numeric' };
  return new Intl.DateTimeFormat('es-ES', { ...options, timeZone }).format(date);
}
