import { getTableName, isTable, type Table } from 'drizzle-orm';
import {
  getTableConfig as pgTableConfig,
  integer as pgInteger,
  pgTable,
  type PgTable,
} from 'drizzle-orm/pg-core';
import {
  getTableConfig as sqliteTableConfig,
  integer,
  sqliteTable,
  type SQLiteTable,
} from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { importSchema, schemaFolders, type SchemaFile } from '../../../test/support/schema-modules';
import { users } from '../../db/schema';
import { ARCHIVE_PARTS } from '../../personal-data';

/**
 * The names this schema gives a column that holds an account's id without a foreign key (Historial keeps its
 * actor's id after the account is gone). A column with a foreign key to `users` counts whatever its name.
 */
const ACCOUNT_COLUMN_NAMES =
  /^(user_id|actor_id|owner|owner_id|created_by|requested_by|member_id|account_id)$|_user_id$/;

/** The columns of `table` that refer to an account, read from its drizzle definition. */
function accountColumns(table: Table, file: SchemaFile): string[] {
  const config =
    file === 'schema.ts' ? sqliteTableConfig(table as SQLiteTable) : pgTableConfig(table as PgTable);
  const byForeignKey = config.foreignKeys.flatMap((fk) => {
    const reference = fk.reference();
    return getTableName(reference.foreignTable) === getTableName(users)
      ? reference.columns.map((column) => column.name)
      : [];
  });
  const byName = config.columns
    .map((column) => column.name)
    .filter((name) => ACCOUNT_COLUMN_NAMES.test(name));
  return [...new Set([...byForeignKey, ...byName])];
}

/** Every table of both engines' schema files that holds an account: `users` itself and each with such a column. */
async function accountTables(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const folder of schemaFolders()) {
    for (const file of ['schema.ts', 'schema.pg.ts'] as const) {
      for (const value of Object.values(await importSchema(folder, file))) {
        if (!isTable(value)) continue;
        const name = getTableName(value);
        const columns = name === getTableName(users) ? ['id'] : accountColumns(value, file);
        if (columns.length > 0) found.set(name, columns);
      }
    }
  }
  return found;
}

const covered = new Set(ARCHIVE_PARTS.flatMap((part) => part.tables));

describe('the data archive’s coverage of the schema', () => {
  it('names every table that refers to an account, on both engines', async () => {
    const tables = await accountTables();
    const missing = [...tables]
      .filter(([name]) => !covered.has(name))
      .map(([name, cols]) => `${name} (${cols.join(', ')})`);
    expect(
      missing,
      "tables with an account column that no file of the archive holds (the modules' personal-data.ts)",
    ).toEqual([]);
  });

  it('names only tables that exist and refer to an account', async () => {
    const tables = await accountTables();
    expect([...covered].filter((name) => !tables.has(name))).toEqual([]);
  });

  it('finds an account column by its foreign key or by its name', () => {
    const withKey = sqliteTable('ejemplo_llaves', {
      id: integer('id').primaryKey(),
      cuenta: integer('cuenta').references(() => users.id),
    });
    const byName = pgTable('ejemplo_autor', {
      id: pgInteger('id').primaryKey(),
      created_by: pgInteger('created_by'),
    });
    const unrelated = sqliteTable('ejemplo_libre', { id: integer('id').primaryKey(), n: integer('n') });
    expect(accountColumns(withKey, 'schema.ts')).toEqual(['cuenta']);
    expect(accountColumns(byName, 'schema.pg.ts')).toEqual(['created_by']);
    expect(accountColumns(unrelated, 'schema.ts')).toEqual([]);
  });
});
