/**
 * Historial entries written by a test as the recorder writes them: each change's text in `summary`, and the
 * values it carries in `before_values` / `after_values`.
 */

export interface TestChange {
  field: string;
  before: string | null;
  after: string | null;
  values?: { before?: unknown; after?: unknown };
}

export function historyColumns(changes: readonly TestChange[]) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const { values, field } of changes) {
    if (values?.before !== undefined) before[field] = values.before;
    if (values?.after !== undefined) after[field] = values.after;
  }
  return {
    summary: JSON.stringify({
      changes: changes.map(({ field, before, after }) => ({ field, before, after })),
    }),
    before_values: JSON.stringify(before),
    after_values: JSON.stringify(after),
  };
}
