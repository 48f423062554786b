import { rmSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgAppDatabase } from '../src/db/client.pg';
import { MIGRATIONS_DIR } from '../src/lib/paths';
import { expectConverted, migrationsBeforeHistoryValues, oldRows } from './support/history-upgrade';
import { createBlankPgDatabase } from './support/pg-databases';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('upgrading a PostgreSQL database made by an earlier release', () => {
  it("converts Historial's older entries to values by code, their Spanish lines unchanged", async () => {
    const released = migrationsBeforeHistoryValues(MIGRATIONS_DIR.pg);
    dirs.push(released);
    const { url } = await createBlankPgDatabase();
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    try {
      await migrate(drizzle(old), { migrationsFolder: released });
      for (const row of oldRows()) {
        await old.query(
          `INSERT INTO audit_log (actor_name, kind, entity_type, entity_id, entity_label, summary, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            row.actor_name,
            row.kind,
            row.entity_type,
            row.entity_id,
            row.entity_label,
            row.summary,
            row.created_at,
          ],
        );
      }
    } finally {
      await old.end();
    }

    const database = await openPgAppDatabase(url, { max: 2 });
    try {
      await expectConverted(database);
      const { rows } = await (database.read as unknown as { $client: pg.Pool }).$client.query<{
        summary: string;
      }>('SELECT summary FROM audit_log ORDER BY id');
      expect(rows.map((row) => row.summary)).toEqual(oldRows().map((row) => row.summary));
    } finally {
      await database.close();
    }
  });
});
