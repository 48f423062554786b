/**
 * A page's rows put back in the order of its ids. Pages are read in two steps: the ids from an index that holds
 * everything the filter and order need, so an OFFSET walks the index alone, then the rows by primary key.
 */
export function inIdOrder<R>(
  ids: readonly number[],
  rows: readonly R[],
  idOf = (row: R) => (row as { id: number }).id,
): R[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

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
