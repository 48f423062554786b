import { getTableName } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { accountColumns, accountTables } from '../../../test/support/account-tables';
import { users } from '../../db/schema';
import { PERSONAL_TABLES } from '../../personal-data';
import { createAccountEraser } from './repo';

const covered = () => PERSONAL_TABLES.map((entry) => getTableName(entry.table));

/** The tables with an account column that no module declares. */
const uncovered = (tables: Iterable<string>) =>
  [...tables].filter((name) => !covered().includes(name)).sort();

describe("the erasure's coverage, from the modules' declarations", () => {
  it('has every table that refers to an account declared: a new one fails here until its module declares it', async () => {
    const tables = await accountTables();
    expect(tables.size).toBeGreaterThan(10);
    expect(uncovered(tables.keys())).toEqual([]);
  });

  it('names each table once, and only tables that refer to an account', async () => {
    const tables = await accountTables();
    expect(new Set(covered()).size).toBe(covered().length);
    // A table found by what the member is (hashed keys), not by an account column, says how it finds them.
    const byColumn = PERSONAL_TABLES.filter((entry) => entry.erasure.action !== 'forget').map((entry) =>
      getTableName(entry.table),
    );
    expect(byColumn.filter((name) => !tables.has(name))).toEqual([]);
  });

  it('deletes each table by one of its account columns, and keeps a table only for a reason', () => {
    for (const { table, erasure } of PERSONAL_TABLES) {
      if (erasure.action === 'delete') {
        expect([...accountColumns(table), 'id']).toContain(erasure.column.name);
      }
      if (erasure.action === 'keep') expect(erasure.reason.length).toBeGreaterThan(10);
    }
    // The account itself goes last, once every row that refers to it is gone.
    expect(createAccountEraser(PERSONAL_TABLES).tables.at(-1)?.table).toBe(users);
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
