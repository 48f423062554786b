/**
 * Prepares a query as a named statement: PostgreSQL parses and plans it once per connection and reuses that plan
 * (an unnamed statement is planned again on every run). SQLite's builders take no name. One name per SQL text:
 * a connection keeps one statement per name.
 */
export function prepareNamed<Prepared>(query: { prepare(): Prepared }, name: string): Prepared {
  // PostgreSQL's builder declares `prepare(name)`; the repositories see SQLite's types, which take none.
  return (query as unknown as { prepare(name: string): Prepared }).prepare(name);
}
