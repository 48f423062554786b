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

/** The instant a wall-clock time (given as if it were UTC) reads in `timeZone`. */
function fromWallClock(wallUtc: number, timeZone: string): Date {
  // Twice: the offset at the first guess may differ from the one at the answer across a DST change.
  const guess = wallUtc - offsetMs(wallUtc, timeZone);
  return new Date(wallUtc - offsetMs(guess, timeZone));
}

/** The instant a calendar day (AAAA-MM-DD) starts in `timeZone` (`plusDays` moves the day first). */
export function startOfDay(day: string, timeZone: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return fromWallClock(Date.UTC(year, month - 1, date + plusDays), timeZone);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/**
 * The instant of an ISO-like date or date and time without a zone ("2019-03-04", "2019-03-04 09:15:00") read
 * as `timeZone`'s wall clock; null when the text is not that form or names a day or time that does not exist.
 */
export function parseLocalDateTime(text: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((match[7] ?? '').padEnd(3, '0'));
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  // Date.UTC rolls an impossible value over (30 February becomes 2 March): such a text is not a date.
  const exact =
    wall.getUTCFullYear() === year &&
    wall.getUTCMonth() === month - 1 &&
    wall.getUTCDate() === day &&
    wall.getUTCHours() === hour &&
    wall.getUTCMinutes() === minute &&
    wall.getUTCSeconds() === second;
  return exact ? fromWallClock(wall.getTime(), timeZone) : null;
}

/** "dd/mm/aaaa hh:mm" in `timeZone`, as the admin tables show dates. */
export function formatDateTime(iso: string, timeZone: string): string {
  const w = wallClock(new Date(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}

/** The calendar day (AAAA-MM-DD) that `instant` falls on in `timeZone`. */
export function dayOf(instant: Date, timeZone: string): string {
  // en-CA writes dates as AAAA-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
