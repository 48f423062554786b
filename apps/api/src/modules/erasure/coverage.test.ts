import { getTableName } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { accountColumns, accountTables } from '../../../test/support/account-tables';
import { users } from '../../db/schema';
import { ERASURE_COVERAGE } from './coverage';

const covered = () => ERASURE_COVERAGE.map((entry) => getTableName(entry.table));

/** The tables with an account column that the erasure's list leaves out. */
const uncovered = (tables: Iterable<string>) =>
  [...tables].filter((name) => !covered().includes(name)).sort();

describe("the erasure's coverage", () => {
  it('names every table that refers to an account: a new one fails here until it gets its line', async () => {
    const tables = await accountTables();
    expect(tables.size).toBeGreaterThan(10);
    expect(uncovered(tables.keys())).toEqual([]);
  });

  it('names each table once, and only tables that refer to an account', async () => {
    const tables = await accountTables();
    expect(new Set(covered()).size).toBe(covered().length);
    // A table found by what the member is (hashed keys), not by an account column, says how it finds them.
    const byColumn = ERASURE_COVERAGE.filter((entry) => entry.action !== 'forget').map((entry) =>
      getTableName(entry.table),
    );
    expect(byColumn.filter((name) => !tables.has(name))).toEqual([]);
  });

  it('deletes each table by one of its account columns, and keeps a table only for a reason', () => {
    for (const entry of ERASURE_COVERAGE) {
      if (entry.action === 'delete') {
        expect([...accountColumns(entry.table), 'id']).toContain(entry.column.name);
      }
      if (entry.action === 'keep') expect(entry.reason.length).toBeGreaterThan(10);
    }
    // The account itself goes last, once every row that refers to it is gone.
    expect(ERASURE_COVERAGE.at(-1)?.table).toBe(users);
  });

  it('would catch a table added with an account column, by foreign key or by name', async () => {
    const keys = sqliteTable('llaves_ejemplo', {
      id: text('id').primaryKey(),
      user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    });
    const exportJobs = sqliteTable('export_jobs', {
      id: integer('id'),
      requested_by_user_id: integer('x_user_id'),
    });
    const settings = sqliteTable('some_settings', { id: integer('id'), value: text('value') });
    expect(accountColumns(keys)).toEqual(['user_id']);
    expect(accountColumns(exportJobs)).toEqual(['x_user_id']);
    expect(accountColumns(settings)).toEqual([]);
    const tables = [...(await accountTables()).keys(), 'llaves_ejemplo', 'export_jobs'];
    expect(uncovered(tables)).toEqual(['export_jobs', 'llaves_ejemplo']);
  });
});
