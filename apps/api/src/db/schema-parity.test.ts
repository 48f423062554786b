import {
  getTableColumns,
  getTableName,
  is,
  Table,
  type InferInsertModel,
  type InferSelectModel,
} from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as accountsPgTables from '../modules/accounts/schema.pg';
import * as accountsSqliteTables from '../modules/accounts/schema';
import * as historyPgTables from '../modules/history/schema.pg';
import * as historySqliteTables from '../modules/history/schema';
import * as libraryPgTables from '../modules/library/schema.pg';
import * as notificationsPgTables from '../modules/notifications/schema.pg';
import * as notificationsSqliteTables from '../modules/notifications/schema';
import * as librarySqliteTables from '../modules/library/schema';
import * as redgramPgTables from '../modules/redgram/schema.pg';
import * as redgramSqliteTables from '../modules/redgram/schema';
import * as textoPgTables from '../modules/texto/schema.pg';
import * as textoSqliteTables from '../modules/texto/schema';
import * as videoToolsPgTables from '../modules/video-tools/schema.pg';
import * as videoToolsSqliteTables from '../modules/video-tools/schema';
import * as corePgTables from './schema.pg';
import * as coreSqliteTables from './schema';
import type * as accountsPg from '../modules/accounts/schema.pg';
import type * as accountsSqlite from '../modules/accounts/schema';
import type * as historyPg from '../modules/history/schema.pg';
import type * as historySqlite from '../modules/history/schema';
import type * as libraryPg from '../modules/library/schema.pg';
import type * as notificationsPg from '../modules/notifications/schema.pg';
import type * as notificationsSqlite from '../modules/notifications/schema';
import type * as librarySqlite from '../modules/library/schema';
import type * as redgramPg from '../modules/redgram/schema.pg';
import type * as redgramSqlite from '../modules/redgram/schema';
import type * as textoPg from '../modules/texto/schema.pg';
import type * as textoSqlite from '../modules/texto/schema';
import type * as videoToolsPg from '../modules/video-tools/schema.pg';
import type * as videoToolsSqlite from '../modules/video-tools/schema';
import type * as corePg from './schema.pg';
import type * as coreSqlite from './schema';

// Repositories are written once against either schema, so a row must look the same whichever engine read it.
interface Rows<T extends Table> {
  select: InferSelectModel<T>;
  insert: InferInsertModel<T>;
}

describe('the PostgreSQL and SQLite schemas', () => {
  it('infer the same row and insert types for every table', () => {
    expectTypeOf<Rows<typeof corePg.roles>>().toEqualTypeOf<Rows<typeof coreSqlite.roles>>();
    expectTypeOf<Rows<typeof corePg.tools>>().toEqualTypeOf<Rows<typeof coreSqlite.tools>>();
    expectTypeOf<Rows<typeof corePg.rolePermissions>>().toEqualTypeOf<
      Rows<typeof coreSqlite.rolePermissions>
    >();
    expectTypeOf<Rows<typeof corePg.users>>().toEqualTypeOf<Rows<typeof coreSqlite.users>>();
    expectTypeOf<Rows<typeof corePg.sessions>>().toEqualTypeOf<Rows<typeof coreSqlite.sessions>>();
    expectTypeOf<Rows<typeof corePg.settings>>().toEqualTypeOf<Rows<typeof coreSqlite.settings>>();
    expectTypeOf<Rows<typeof accountsPg.passwordResetTokens>>().toEqualTypeOf<
      Rows<typeof accountsSqlite.passwordResetTokens>
    >();
    expectTypeOf<Rows<typeof libraryPg.libraryCategories>>().toEqualTypeOf<
      Rows<typeof librarySqlite.libraryCategories>
    >();
    expectTypeOf<Rows<typeof libraryPg.libraryVideos>>().toEqualTypeOf<
      Rows<typeof librarySqlite.libraryVideos>
    >();
    expectTypeOf<Rows<typeof libraryPg.libraryWatched>>().toEqualTypeOf<
      Rows<typeof librarySqlite.libraryWatched>
    >();
    expectTypeOf<Rows<typeof redgramPg.redgramConfig>>().toEqualTypeOf<
      Rows<typeof redgramSqlite.redgramConfig>
    >();
    expectTypeOf<Rows<typeof redgramPg.redgramProfiles>>().toEqualTypeOf<
      Rows<typeof redgramSqlite.redgramProfiles>
    >();
    expectTypeOf<Rows<typeof redgramPg.redgramLogs>>().toEqualTypeOf<
      Rows<typeof redgramSqlite.redgramLogs>
    >();
    expectTypeOf<Rows<typeof notificationsPg.mailSettings>>().toEqualTypeOf<
      Rows<typeof notificationsSqlite.mailSettings>
    >();
    expectTypeOf<Rows<typeof notificationsPg.adminMailThrottle>>().toEqualTypeOf<
      Rows<typeof notificationsSqlite.adminMailThrottle>
    >();
    expectTypeOf<Rows<typeof textoPg.textoConfig>>().toEqualTypeOf<Rows<typeof textoSqlite.textoConfig>>();
    expectTypeOf<Rows<typeof videoToolsPg.videoRecords>>().toEqualTypeOf<
      Rows<typeof videoToolsSqlite.videoRecords>
    >();
    expectTypeOf<Rows<typeof historyPg.auditLog>>().toEqualTypeOf<Rows<typeof historySqlite.auditLog>>();
  });

  it('declare the same tables, so neither engine has a table the other lacks', () => {
    type TableNames<M> = { [K in keyof M]: M[K] extends Table ? K : never }[keyof M];
    type PgTables =
      | TableNames<typeof corePg>
      | TableNames<typeof accountsPg>
      | TableNames<typeof libraryPg>
      | TableNames<typeof notificationsPg>
      | TableNames<typeof redgramPg>
      | TableNames<typeof textoPg>
      | TableNames<typeof videoToolsPg>
      | TableNames<typeof historyPg>;
    type SqliteTables =
      | TableNames<typeof coreSqlite>
      | TableNames<typeof accountsSqlite>
      | TableNames<typeof librarySqlite>
      | TableNames<typeof notificationsSqlite>
      | TableNames<typeof redgramSqlite>
      | TableNames<typeof textoSqlite>
      | TableNames<typeof videoToolsSqlite>
      | TableNames<typeof historySqlite>;
    expectTypeOf<PgTables>().toEqualTypeOf<SqliteTables>();
  });
});

describe('the PostgreSQL and SQLite schemas, at run time', () => {
  // The repositories render SQLite's table objects on PostgreSQL too, so the SQL names must match, not only
  // the property names the types compare.
  const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
    [coreSqliteTables, corePgTables],
    [accountsSqliteTables, accountsPgTables],
    [librarySqliteTables, libraryPgTables],
    [notificationsSqliteTables, notificationsPgTables],
    [redgramSqliteTables, redgramPgTables],
    [textoSqliteTables, textoPgTables],
    [videoToolsSqliteTables, videoToolsPgTables],
    [historySqliteTables, historyPgTables],
  ];
  const sqlNames = (table: Table) => [
    getTableName(table),
    ...Object.values(getTableColumns(table))
      .map((column) => column.name)
      .sort(),
  ];

  it('give every table and column the same SQL name', () => {
    for (const [sqliteModule, pgModule] of pairs) {
      for (const [key, table] of Object.entries(pgModule)) {
        if (!is(table, Table)) continue;
        const twin = sqliteModule[key];
        expect(is(twin, Table), key).toBe(true);
        expect(sqlNames(twin as Table), key).toEqual(sqlNames(table));
      }
    }
  });
});
