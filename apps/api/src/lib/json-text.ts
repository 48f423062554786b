/**
 * An answer already written as JSON (rows SQLite wrote with `json_object`, rows kept between changes): sent as
 * it is, without a serializer pass. `T` is the contract type the text stands for.
 */
export class JsonText<T> {
  declare readonly answer: T;
  constructor(readonly text: string) {}
}

/** A page contract's object from its rows, already JSON, and its other (numeric) fields. */
export function jsonPage<T>(items: readonly string[], fields: Record<string, number>): JsonText<T> {
  let text = `{"items":[${items.join(',')}]`;
  for (const [key, value] of Object.entries(fields)) text += `,${JSON.stringify(key)}:${value}`;
  return new JsonText<T>(`${text}}`);
}
