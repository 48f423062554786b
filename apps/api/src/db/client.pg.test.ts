import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquirePgDatabase,
  createBlankPgDatabase,
  terminateConnections,
  type TestPgDatabase,
} from '../../test/support/pg-databases';
import { importSchema, schemaFolders } from '../../test/support/schema-modules';
import { MIGRATIONS_DIR } from '../lib/paths';
import { openPgDatabase, type PgDb } from './client.pg';
import * as core from './schema.pg';
import { isDatabaseUnavailable } from './unavailable';

const opened: PgDb[] = [];
const held: TestPgDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.$client.end()));
  await Promise.all(held.splice(0).map((database) => database.release()));
});

async function open(url: string): Promise<PgDb> {
  const db = await openPgDatabase(url);
  opened.push(db);
  return db;
}

async function freshDatabase(): Promise<TestPgDatabase> {
  const database = await acquirePgDatabase();
  held.push(database);
  return database;
}

const pgSchemas = await Promise.all(schemaFolders().map((folder) => importSchema(folder, 'schema.pg.ts')));
const declaredTables = pgSchemas
  .flatMap((module) => Object.values(module))
  .filter(isTable)
  .map((table) => getTableName(table))
  .sort();

describe('PostgreSQL database', () => {
  it('a new database gets every table of the pg schema from the committed migrations, and nothing else', async () => {
    const db = await open((await createBlankPgDatabase()).url);
    const { rows } = await db.$client.query<{ name: string; type: string }>(
      "SELECT table_name AS name, table_type AS type FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    // The counter views of migration 0001 are gone (0002): listings count indexed rows.
    expect(rows.filter((row) => row.type === 'VIEW')).toEqual([]);
    expect(rows.map((row) => row.name)).toEqual(declaredTables);
  });

  it('two nodes starting at once on a new database both come up, the migrations applied once', async () => {
    const { url } = await createBlankPgDatabase();
    const [a] = await Promise.all([open(url), open(url)]);
    const { rows } = await a.$client.query<{ n: string }>(
      'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
    );
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR.pg, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(Number(rows[0]!.n)).toBe(journal.entries.length);
  });

  it('reads times back as the ISO-8601 UTC text SQLite stores, in time order', async () => {
    const db = await open((await freshDatabase()).url);
    const [role] = await db.insert(core.roles).values({ name: 'cafeinas' }).returning();
    const before = Date.now();
    const [user] = await db
      .insert(core.users)
      .values({ username: 'ana', email: 'ana@example.com', password_hash: 'x', role_id: role!.id })
      .returning();
    expect(user!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(user!.created_at) - before)).toBeLessThan(60_000);
    expect(user!.is_active).toBe(true);

    await db.insert(core.sessions).values([
      { id: 'old', user_id: user!.id, expires_at: '2020-01-01T00:00:00.000Z' },
      { id: 'new', user_id: user!.id, expires_at: '2999-01-01T00:00:00.000Z' },
    ]);
    const live = await db
      .select({ id: core.sessions.id, expires_at: core.sessions.expires_at })
      .from(core.sessions)
      .where(sql`${core.sessions.expires_at} > ${new Date().toISOString()}`);
    expect(live).toEqual([{ id: 'new', expires_at: '2999-01-01T00:00:00.000Z' }]);
  });

  it('finds accounts by a case-insensitive substring through the trigram index', async () => {
    const db = await open((await freshDatabase()).url);
    const [role] = await db.insert(core.roles).values({ name: 'cafeinas' }).returning();
    await db.insert(core.users).values(
      Array.from({ length: 50 }, (_, i) => ({
        username: `Miembro${i}`,
        email: `miembro${i}@Example.com`,
        password_hash: 'x',
        role_id: role!.id,
      })),
    );
    const found = await db
      .select({ username: core.users.username })
      .from(core.users)
      .where(sql`${core.users.email} ILIKE ${'%O42@EXAMPLE%'}`);
    expect(found).toEqual([{ username: 'Miembro42' }]);
    await db.execute(sql`SET enable_seqscan = off`);
    const plan = await db.execute<{ 'QUERY PLAN': string }>(
      sql`EXPLAIN SELECT id FROM users WHERE email ILIKE '%o42@example%' OR username ILIKE '%o42@example%'`,
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/users_email_trgm_idx/);
  });

  it('a lost connection is replaced: the pool answers again and the process does not crash', async () => {
    const database = await freshDatabase();
    const db = await open(database.url);
    await db.execute(sql`SELECT 1`);
    expect(await terminateConnections(database.name)).toBeGreaterThan(0);
    // A query that met the dying connection fails as "unavailable" (answered 503); the pool then drops that
    // connection and the next query opens a new one.
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        const { rows } = await db.execute<{ ok: number }>(sql`SELECT 1 AS ok`);
        expect(rows).toEqual([{ ok: 1 }]);
        break;
      } catch (error) {
        failures.push(error);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(failures.length).toBeLessThan(10);
    expect(failures.every(isDatabaseUnavailable)).toBe(true);
  });
});
