import { inject } from 'vitest';
import { connectAdmin, databaseUrl, quoteIdent } from './pg-server';

/**
 * Fresh, migrated PostgreSQL databases for tests: each test gets its own copy of the migrated template, made
 * while the test before it ran, and a copy given back is dropped while the next test runs. A test may hold
 * several at once. A copy, not a database emptied for reuse: a TRUNCATE of every table takes as long (each
 * table and index gets new files), and an emptied database keeps the statistics of the rows it held, which
 * change the plans that the index checks read.
 */
export interface TestPgDatabase {
  name: string;
  url: string;
  /** Gives the database back for the next test; every connection to it must be closed first. */
  release(): Promise<void>;
}

/**
 * The copies on hand for the next tests, oldest first. Kept on the global object, as the counter below: the
 * files of a worker share the process, and a file may load this module afresh (test/support/setup.ts), which
 * would copy again.
 */
const POOL = Symbol.for('app.test.pgDatabasesOnHand');
const onHand = ((globalThis as { [POOL]?: Promise<string>[] })[POOL] ??= []);

const COUNTER = Symbol.for('app.test.pgDatabaseCounter');

/**
 * Numbers this process's databases. Kept on the global object: the files of a worker share the process, a file
 * may load this module afresh (test/support/setup.ts), and a counter that restarted would repeat a name.
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
      `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${template ? quoteIdent(template) : 'template0'} ` +
        `STRATEGY ${inject('pgCopyStrategy')}`,
    );
    // A commit does not wait for its WAL to reach the disk: only a crash of PostgreSQL itself, which no test
    // causes, could lose the last ones. The app's sessions and the servers the tests start all inherit it.
    await admin.query(`ALTER DATABASE ${quoteIdent(name)} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
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
  if (onHand.length === 0) {
    const next = createFromTemplate(template);
    // A failed copy fails the test that takes it.
    next.catch(() => undefined);
    onHand.push(next);
  }
  return {
    name,
    url: databaseUrl(name),
    release: async () => {
      // Not waited for: the end of the run drops whatever is left of this run's databases.
      dropPgDatabase(name).catch(() => undefined);
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
