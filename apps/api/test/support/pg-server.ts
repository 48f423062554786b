import pg from 'pg';

/**
 * The PostgreSQL server the tests use: `pnpm test:setup` makes this role and database in the tests' own
 * cluster (Debian's `apptest`, port 5433, run without crash safety: tooling/scripts/install-test-deps.sh);
 * TEST_DATABASE_URL points the tests elsewhere. The role must be allowed to create databases.
 */
const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://app_test:app_test@127.0.0.1:5433/app_test';

/** The same server and credentials, another database. */
export function databaseUrl(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** A client on the test database, or an error that says how to start PostgreSQL (never a silent skip). */
export async function connectAdmin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The PostgreSQL tests cannot reach ${redacted(TEST_DATABASE_URL)} (${reason}).\n` +
        "Start it with `pnpm test:setup` (installs Debian's postgresql, creates and starts the tests' cluster " +
        '`apptest` on port 5433 with the app_test role and database), or set TEST_DATABASE_URL to a server ' +
        'whose role may create databases.',
    );
  }
  return client;
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
