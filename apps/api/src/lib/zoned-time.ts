const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string): Record<(typeof FIELDS)[number], number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Object.fromEntries(FIELDS.map((field) => [field, value(field)])) as Record<
    (typeof FIELDS)[number],
    number
  >;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (AAAA-MM-DD) starts in `timeZone` (`plusDays` moves the day first). */
export function startOfDay(day: string, timeZone: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, date + plusDays);
  // Twice: the offset at the first guess may differ from the one at the answer across a DST change.
  const guess = midnightUtc - offsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetMs(guess, timeZone));
}

/** "dd/mm/aaaa hh:mm" in `timeZone`, as the admin tables show dates. */
export function formatDateTime(iso: string, timeZone: string): string {
  const w = wallClock(new Date(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}
