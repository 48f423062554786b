/**
 * The real server and the operator commands as child processes (through tsx, from source), for the tests
 * that need a process boundary: backups taken while the server writes, and a hard kill in the middle of writes.
 */
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { API_ROOT } from '../../src/lib/paths';

const TSX = ['--import', 'tsx', '--conditions=source'];

export interface ServerProcess {
  url: string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...TSX, 'src/server.ts'], {
    cwd: API_ROOT,
    // Administrators sign in with a password alone unless a test turns the requirement on.
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'info',
      REQUIRE_ADMIN_2FA_ON_NEW_INSTALL: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`server exited early with ${code}: ${stderr}`)));
  });
  return {
    url,
    kill: async (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs `src/cli/<name>.ts` with arguments; resolves with its exit code and output. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...TSX, `src/cli/${name}.ts`, ...args], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Signs in over HTTP; resolves with the cookie and the session id it opened (an acknowledged write). */
export async function login(
  url: string,
  email: string,
  password: string,
): Promise<{ cookie: string; sid: string }> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const token = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no session cookie');
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
  return { cookie: `session=${token}`, sid: payload.sid };
}

/** Every row of every table of a database file, for comparisons. */
export function dumpFile(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // Tables and virtual tables (a full-text index reads as its rows); not the full-text indexes' own
    // shadow tables, some of which have no rowid.
    const tables = db
      .prepare(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()]),
    );
  } finally {
    db.close();
  }
}

export function integrity(file: string): unknown {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}
