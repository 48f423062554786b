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
