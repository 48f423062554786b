import { getTableName, isTable, type Table } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { importSchema, schemaFolders } from './schema-modules';

/** Column names that hold an account's id or identity even without a foreign key (Historial's copies). */
const ACCOUNT_COLUMN_NAMES = new Set([
  'user_id',
  'actor_id',
  'actor_name',
  'actor_email',
  'email',
  'username',
]);

/**
 * The columns of `table` that refer to an account: a foreign key to users, or a name that says so
 * (`*user_id`, an actor's copied id, name or email, an email or username).
 */
export function accountColumns(table: Table): string[] {
  const config = getTableConfig(table as SQLiteTable);
  const keyed = config.foreignKeys
    .map((key) => key.reference())
    .filter((reference) => getTableName(reference.foreignTable) === 'users')
    .flatMap((reference) => reference.columns.map((column) => column.name));
  const named = config.columns
    .map((column) => column.name)
    .filter((name) => ACCOUNT_COLUMN_NAMES.has(name) || name.endsWith('_user_id'));
  return [...new Set([...keyed, ...named])].sort();
}

/** Every SQLite table of every schema folder (db/ and each module), by SQL name. */
export async function allTables(): Promise<Map<string, Table>> {
  const tables = new Map<string, Table>();
  for (const folder of schemaFolders()) {
    for (const value of Object.values(await importSchema(folder, 'schema.ts'))) {
      if (isTable(value)) tables.set(getTableName(value), value);
    }
  }
  return tables;
}

/** The tables that refer to an account, with those columns. */
export async function accountTables(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const [name, table] of await allTables()) {
    const columns = accountColumns(table);
    if (columns.length > 0) found.set(name, columns);
  }
  return found;
}
