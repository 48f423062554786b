/**
 * The real server and the operator commands as child processes, for the tests that need a process boundary:
 * backups taken while the server writes, a hard kill in the middle of writes, several nodes on one database.
 * They run from the bundle built once per run (server-bundle.ts), as production runs dist/.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { API_ROOT } from '../../src/lib/paths';

/**
 * How long a server may take to print that it listens. Generous: it only bounds a server that never comes up,
 * and a slow machine running the whole suite may take many times a quiet machine's second.
 */
export const SERVER_START_LIMIT_MS = 120_000;
/** A time limit for a test or hook that starts servers one after the other. */
export const serversTimeout = (servers: number) => 30_000 + servers * SERVER_START_LIMIT_MS;

/** The bundled entry point `src/<name>.ts` (`server`, `cli/db`, ...) and node's arguments to run it. */
export function bundledEntry(name: string): string[] {
  return ['--enable-source-maps', path.join(inject('serverBundle'), `${name}.js`)];
}

export interface ServerProcess {
  url: string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Resolves with the first match of `pattern` in what `stream` prints, or fails at `exited` or the limit. It stops
 * reading at the match: a server logs every request, and the text searched would grow with each line.
 */
export function waitForLine(
  stream: NodeJS.ReadableStream,
  pattern: RegExp,
  exited: Promise<number | null>,
  describeFailure: () => string,
  limitMs = SERVER_START_LIMIT_MS,
): Promise<RegExpExecArray> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${limitMs} ms: ${describeFailure()}`)),
      limitMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        stream.off('data', onData);
        seen = '';
        resolve(match);
      }
    };
    stream.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited early with ${code}: ${describeFailure()}`));
    });
  });
}

/** The line the server prints once it accepts connections, with its address. */
export const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, bundledEntry('server'), {
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
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The server logs (a failed start's reason too) on stdout: its last lines go into a failure's message.
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-4_000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const describe = () => `${stderr}${stdout ? `\nlast output:\n${stdout}` : ''}`;
  const listening = await waitForLine(child.stdout, LISTENING, exited, describe).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const url = listening[1]!;
  return {
    url,
    kill: async (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs the bundled `src/cli/<name>.ts` with arguments; resolves with its exit code and output. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...bundledEntry(`cli/${name}`), ...args], {
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
