import { getTableColumns, getTableName, isTable, type Column, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasSchema, importSchema, schemaFolders } from '../../test/support/schema-modules';

// Repositories are written once against SQLite's table objects and drizzle renders them on PostgreSQL too, so
// every table needs the same SQL names and the same row shape on both engines, whichever SQL types store it.
const folders = schemaFolders();

/** What rows and inserts see of a column: name, JavaScript type, nullability, whether inserts may omit it. */
const columnShape = (column: Column) => ({
  name: column.name,
  dataType: column.dataType,
  enumValues: column.enumValues,
  notNull: column.notNull,
  hasDefault: column.hasDefault,
  generated: column.generated !== undefined,
});

const tableShape = (table: Table) => ({
  name: getTableName(table),
  columns: Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, columnShape(column)]),
  ),
});

const tableShapes = (schema: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(schema).flatMap(([key, value]) => (isTable(value) ? [[key, tableShape(value)]] : [])),
  );

describe('the PostgreSQL and SQLite schemas', () => {
  it('come in pairs: every folder with a schema.ts has a schema.pg.ts twin, and the reverse', () => {
    expect(folders).toContain('db');
    expect(folders.filter((folder) => hasSchema(folder, 'schema.pg.ts'))).toEqual(
      folders.filter((folder) => hasSchema(folder, 'schema.ts')),
    );
  });

  it.each(folders)('declare the same tables, columns and row types in %s', async (folder) => {
    const [sqlite, pg] = await Promise.all([
      importSchema(folder, 'schema.ts'),
      importSchema(folder, 'schema.pg.ts'),
    ]);
    expect(tableShapes(sqlite)).not.toEqual({});
    expect(tableShapes(pg)).toEqual(tableShapes(sqlite));
  });
});
