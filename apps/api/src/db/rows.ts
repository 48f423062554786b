/**
 * The one row a statement must answer: an insert's RETURNING, or a row read back inside the transaction that
 * wrote it. Missing, it is a bug, not bad input: an Error (answered as a 500 and logged).
 */
export function single<T>(rows: readonly T[], what: string): T {
  return present(rows[0], what);
}

/** A value that must be there (a row read back in the transaction that wrote it); missing, a bug: an Error. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected a row: ${what}`);
  return value;
}
