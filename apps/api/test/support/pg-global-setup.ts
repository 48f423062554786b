import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgDatabase } from '../../src/db/client.pg';
import { MIGRATIONS_DIR } from '../../src/lib/paths';
import { connectAdmin, databaseUrl, quoteIdent } from './pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database migrated with drizzle/pg that every test database is copied from. */
    pgTemplate: string;
    /** The prefix of this run's test databases, dropped at the end of the run. */
    pgRunPrefix: string;
    /** How CREATE DATABASE copies the template on this server (see copyStrategy). */
    pgCopyStrategy: 'FILE_COPY' | 'WAL_LOG';
  }
}

/** The migrations' content: a changed migration makes a new template, an unchanged one reuses it. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR.pg, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR.pg, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Another checkout (a branch with other migrations) may be running its suite on the same server at this very
 * moment, from its own template: only templates no run has used for this long are dropped. Each run writes
 * the time into its template's comment.
 */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/**
 * FILE_COPY copies the template's files whole, where PostgreSQL 15's default WAL_LOG writes every page of the
 * copy to the write-ahead log (the access matrix's copies of its community: 35 s of the server's CPU time with
 * WAL_LOG, 21 s with FILE_COPY). FILE_COPY's two checkpoints per copy are only cheap without fsync, so another
 * server (TEST_DATABASE_URL) keeps its default.
 */
async function copyStrategy(): Promise<'FILE_COPY' | 'WAL_LOG'> {
  const admin = await connectAdmin();
  try {
    const { rows } = await admin.query<{ fsync: string }>('SHOW fsync');
    return rows[0]?.fsync === 'off' ? 'FILE_COPY' : 'WAL_LOG';
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin = await connectAdmin();
  const template = `apptest_tpl_${migrationsHash()}`;
  try {
    const { rows } = await admin.query<{ datname: string; used: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS used
         FROM pg_database WHERE datname LIKE 'apptest\\_tpl\\_%'`,
    );
    const now = Date.now();
    const stale = (used: string | null) => !(now - Number(used ?? 0) < STALE_TEMPLATE_MS);
    for (const { datname } of rows.filter((row) => row.datname !== template && stale(row.used))) {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)}`).catch(() => undefined);
    }
    if (!rows.some((row) => row.datname === template)) {
      await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
      try {
        const db = await openPgDatabase(databaseUrl(template), { max: 1 });
        await db.$client.end();
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)}`);
        throw error;
      }
    }
    await admin.query(`COMMENT ON DATABASE ${quoteIdent(template)} IS '${now}'`);
  } finally {
    await admin.end();
  }
  const prefix = `apptest_${process.pid}_${Date.now().toString(36)}_`;
  project.provide('pgCopyStrategy', await copyStrategy());
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', prefix);

  return async () => {
    const client = await connectAdmin();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      }
    } finally {
      await client.end();
    }
  };
}
