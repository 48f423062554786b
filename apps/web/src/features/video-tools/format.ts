/** YouTube durations in the spec's m:ss (minutes not padded, e.g. 4:13, 62:03). */
export function formatMinutesSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Instagram durations in the spec's mm:ss, zero-padded (e.g. 01:15). */
export function formatPaddedMinutesSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A calendar day (YYYY-MM-DD) as es-ES shows it, e.g. 15/05/2024. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
