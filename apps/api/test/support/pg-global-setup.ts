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
  }
}

/** Named after the migrations' content, so a changed migration makes a new template and an old one is reused. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR.pg, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR.pg, file)));
    }
  }
  return `apptest_tpl_${hash.digest('hex').slice(0, 12)}`;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin = await connectAdmin();
  const template = templateName();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'apptest\\_tpl\\_%'",
    );
    for (const { datname } of rows.filter((row) => row.datname !== template)) {
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
  } finally {
    await admin.end();
  }
  const prefix = `apptest_${process.pid}_${Date.now().toString(36)}_`;
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
