import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';

/** A stored 0/1 flag as a JSON boolean (SQLite has no boolean of its own). */
export const jsonBoolean = (flag: SQLWrapper): SQL => sql`json(iif(${flag}, 'true', 'false'))`;

/** Where each field of a contract's object comes from: a column or an SQL expression, for every field. */
export type JsonFields<S extends z.ZodObject> = { [K in keyof z.output<S>]-?: SQLWrapper };

/**
 * The row as the contract's JSON object, written by SQLite's `json_object`: the schema's fields in the schema's
 * order, each from its column or expression. A page of these reaches the client as one string per row, with no
 * JavaScript object built per row and no serializer pass (the listings run on every page turn).
 */
export function jsonObject<S extends z.ZodObject>(schema: S, fields: JsonFields<S>): SQL<string> {
  const pairs = Object.keys(schema.shape).map(
    (key) => sql`${sql.raw(`'${key.replaceAll("'", "''")}'`)}, ${fields[key as keyof typeof fields]}`,
  );
  return sql<string>`json_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A page's rows put back in the order of its ids. Pages are read in two steps: the ids from an index that holds
 * everything the filter and order need, so an OFFSET walks the index alone, then the rows by primary key (one
 * statement that joins would join, and read, every row the OFFSET skips).
 */
export function inIdOrder<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `column in (the JSON array of ids bound to placeholder `ids`)`: the rows of a page, by primary key. */
export const inIds = (column: SQLWrapper): SQL =>
  sql`${column} in (select value from json_each(${sql.placeholder('ids')}))`;
