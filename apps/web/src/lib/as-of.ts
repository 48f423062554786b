/**
 * How a figure says when it was counted: live ones «hoy, hasta las 14:05», closed ones «hasta ayer» (or «hasta el
 * 25/11/2026»), in the community's time zone.
 */

/** "14:05": an instant's time of day in `timeZone`. */
const clockTime = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(instant),
  );

/** AAAA-MM-DD: the day an instant falls on in `timeZone`. */
const dayOf = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(
    new Date(instant),
  );

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** «hoy, hasta las 14:05». */
export const liveLabel = (asOf: string, timeZone: string): string =>
  `hoy, hasta las ${clockTime(asOf, timeZone)}`;

/** «hasta ayer» when the last closed day is the day before `asOf`'s, else «hasta el dd/mm/aaaa». */
export function closedLabel(closedTo: string, asOf: string, timeZone: string): string {
  const today = dayOf(asOf, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return closedTo === yesterday ? 'hasta ayer' : `hasta el ${ddmmyyyy(closedTo)}`;
}

/** On a new installation: when the first closed figures appear (today closes at its end). */
export const firstCloseLabel = (closesAt: string, timeZone: string): string =>
  `Aparecerá al cerrarse el día de hoy, poco después de las ${clockTime(closesAt, timeZone)}`;
