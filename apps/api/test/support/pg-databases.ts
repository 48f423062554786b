import { inject } from 'vitest';
import pg from 'pg';
import { connectAdmin, databaseUrl, quoteIdent } from './pg-server';

/**
 * Fresh, migrated PostgreSQL databases for tests. Copying the migrated template takes a few hundred
 * milliseconds, so a database given back is emptied (TRUNCATE ... RESTART IDENTITY) and handed out again:
 * each test still starts on an empty, migrated database, and a test may hold several at once. The emptying
 * (a second on a busy machine: each table and index gets new files) runs while the next test runs, on a
 * second database made for that.
 */
export interface TestPgDatabase {
  name: string;
  url: string;
  /** Gives the database back for the next test; every connection to it must be closed first. */
  release(): Promise<void>;
}

/** A database on hand for the next test: its name once it is copied, or emptied after its last test. */
type OnHand = Promise<string>;

/**
 * The databases on hand, oldest first. Kept on the global object, as the counter below: the files of a worker
 * share the process but each loads this module afresh, and a pool per file would copy the template again.
 */
const POOL = Symbol.for('app.test.pgDatabasesOnHand');
const onHand = ((globalThis as { [POOL]?: OnHand[] })[POOL] ??= []);

/** Puts a database being readied in the pool; its failure is seen by the test that takes it. */
function keep(database: OnHand): void {
  database.catch(() => undefined);
  onHand.push(database);
}

const COUNTER = Symbol.for('app.test.pgDatabaseCounter');

/**
 * Numbers this process's databases. Kept on the global object: the files of a worker share the process but
 * each loads this module afresh (test/support/setup.ts), and a counter that restarted would repeat a name.
 */
function nextNumber(): number {
  const holder = globalThis as { [COUNTER]?: number };
  holder[COUNTER] = (holder[COUNTER] ?? 0) + 1;
  return holder[COUNTER];
}

async function createFromTemplate(template: string | null): Promise<string> {
  const worker = process.env.VITEST_POOL_ID ?? '0';
  const name = `${inject('pgRunPrefix')}w${worker}_${process.pid}_${nextNumber()}`;
  const admin = await connectAdmin();
  try {
    await admin.query(
      `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${template ? quoteIdent(template) : 'template0'}`,
    );
    // A commit does not wait for its WAL to reach the disk: only a crash of PostgreSQL itself, which no test
    // causes, could lose the last ones. The app's sessions and the servers the tests start all inherit it.
    await admin.query(`ALTER DATABASE ${quoteIdent(name)} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
}

async function empty(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string }>(
      "SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = 'public'",
    );
    if (rows.length > 0) {
      await client.query(`TRUNCATE ${rows.map((row) => row.t).join(', ')} RESTART IDENTITY CASCADE`);
    }
  } finally {
    await client.end();
  }
}

/**
 * A new database copied from `template` (a database no connection is open to), dropped at the end of the run
 * with the others. The community snapshot of the access-matrix and fuzz tests is one.
 */
export async function copyPgDatabase(template: string): Promise<{ name: string; url: string }> {
  const name = await createFromTemplate(template);
  return { name, url: databaseUrl(name) };
}

/** Drops a database made by copyPgDatabase once its connections are closed. */
export async function dropPgDatabase(name: string): Promise<void> {
  const admin = await connectAdmin();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
}

/** An empty database with every migration applied (drizzle/pg), as the server leaves it at first start. */
export async function acquirePgDatabase(): Promise<TestPgDatabase> {
  const template = inject('pgTemplate');
  const name = await (onHand.shift() ?? createFromTemplate(template));
  // Another database on hand, so the next test need not wait for this one to be emptied.
  if (onHand.length === 0) keep(createFromTemplate(template));
  return {
    name,
    url: databaseUrl(name),
    release: async () => {
      keep(empty(name).then(() => name));
    },
  };
}

/** A database with nothing in it, not even the migrations: what an operator's new database looks like. */
export async function createBlankPgDatabase(): Promise<{ name: string; url: string }> {
  const name = await createFromTemplate(null);
  return { name, url: databaseUrl(name) };
}

/** Ends every other session on a database, as a server restart or a network cut would. */
export async function terminateConnections(database: string): Promise<number> {
  const admin = await connectAdmin();
  try {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Opens or closes a database to new connections, as a server that is down or starting up would be. */
export async function setAcceptingConnections(database: string, accepting: boolean): Promise<void> {
  const admin = await connectAdmin();
  try {
    await admin.query(`ALTER DATABASE ${quoteIdent(database)} ALLOW_CONNECTIONS ${accepting}`);
  } finally {
    await admin.end();
  }
}
