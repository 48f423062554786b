/**
 * The built server, started in a terminal (a pseudo-terminal from util-linux's `script`), exits cleanly and
 * quickly however it is stopped: by a signal, or by the terminal going away as when an SSH session drops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/lib/paths';
import { databaseForServers, ENGINE } from './support/engine';
import { bundledEntry, LISTENING, SERVER_START_LIMIT_MS, serversTimeout } from './support/server-process';

/**
 * How long a stopped server may take to exit and give its port back. A close that hangs is ended by
 * close-with-grace's delay with a failure status, which the tests check too, so this limit leaves a slow machine
 * room.
 */
const EXIT_WITHIN_MS = 30_000;

/** An empty web build: these tests ask the API only. */
const webDist = mkdtempSync(path.join(tmpdir(), 'server-exit-'));

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

interface TerminalServer {
  /** The `script` process that holds the terminal's master side. */
  terminal: ChildProcess;
  pid: number;
  port: number;
  url: string;
  output: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
}

/** Stops whatever a failed test left running: its terminals and servers. */
const cleanups: (() => void)[] = [];

async function startInTerminal(databaseUrl: string): Promise<TerminalServer> {
  const node = [process.execPath, ...bundledEntry('server')].map((arg) => `"${arg}"`).join(' ');
  const server = `exec ${node}`;
  const terminal = spawn(
    'script',
    ['--quiet', '--flush', '--return', '--command', `echo "pid $$"; ${server}`, '/dev/null'],
    {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        SHELL: '/bin/sh',
        TERM: 'xterm',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
        WEB_DIST_DIR: webDist,
      },
      // stdin stays open: the terminal lives until the test closes it.
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiters = new Set<() => void>();
  terminal.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  });
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${pattern} within ${SERVER_START_LIMIT_MS} ms:\n${output}`));
      }, SERVER_START_LIMIT_MS);
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(match);
        }
      };
      waiters.add(check);
      terminal.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`no ${pattern} before the terminal ended:\n${output}`));
      });
      check();
    });
  cleanups.push(() => terminal.kill('SIGKILL'));
  const pid = Number((await waitFor(/pid (\d+)/))[1]);
  cleanups.push(() => {
    if (processState(pid) === 'running') process.kill(pid, 'SIGKILL');
  });
  const url = (await waitFor(LISTENING))[1]!;
  return { terminal, pid, port: Number(new URL(url).port), url, output: () => output, waitFor };
}

/** The server process's state: running, or exited with its wait status (a zombie nobody reaped yet). */
function processState(pid: number): 'running' | { waitStatus: number } | 'reaped' {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'reaped';
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the command name: state is field 3 of stat(5), the wait status field 52.
  return fields[0] === 'Z' ? { waitStatus: Number(fields[49]) } : 'running';
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Polls until the process has exited and its port is free, or the time is up; resolves with what it saw. */
async function awaitExit(server: TerminalServer) {
  const started = Date.now();
  for (;;) {
    const state = processState(server.pid);
    const free = state !== 'running' && (await portIsFree(server.port));
    if (free || Date.now() - started > EXIT_WITHIN_MS) {
      return { state, free, ms: Date.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Sends a request and waits until the server has taken it in (its `100 Continue`), keeping the body back;
 * `finish` sends the body and resolves with the answer's status.
 */
async function requestInFlight(url: string) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const taken = new Promise<void>((resolve) =>
    socket.on('data', () => {
      if (answer.startsWith('HTTP/1.1 100 Continue\r\n')) resolve();
    }),
  );
  const body = JSON.stringify({ email: 'nadie@example.com', password: 'una-clave-cualquiera' });
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `X-Requested-With: fetch\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await taken;
  return {
    finish: async () => {
      socket.write(body);
      // The server closes the connection once it has answered.
      await closed;
      return /\r\n\r\nHTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
    },
  };
}

describe(`the built server in a terminal (${ENGINE})`, { timeout: serversTimeout(1) }, () => {
  let dispose: () => Promise<void>;
  let databaseUrl: string;
  beforeAll(async () => {
    ({ url: databaseUrl, dispose } = await databaseForServers());
  });
  afterAll(() => dispose());

  it('logs one readable line per request, then exits and frees its port when the terminal goes away', async () => {
    const server = await startInTerminal(databaseUrl);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    await server.waitFor(/GET \/api\/health 200 \d+ ms/);
    expect(server.output()).not.toContain('incoming request');

    // Killing `script` closes the terminal's master side: the server gets SIGHUP and its writes fail.
    server.terminal.kill('SIGKILL');
    const { state, free, ms } = await awaitExit(server);
    expect(state, `still running after ${ms} ms`).not.toBe('running');
    // Exited with status 0, unless already reaped by whoever adopted it.
    expect(state === 'reaped' ? 0 : state !== 'running' && state.waitStatus).toBe(0);
    expect(free).toBe(true);
    if (ENGINE === 'sqlite') expect(existsSync(`${databaseUrl.slice('file:'.length)}-wal`)).toBe(false);
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`finishes the request in flight, closes the database and exits on ${signal}`, async () => {
      const server = await startInTerminal(databaseUrl);
      const request = await requestInFlight(server.url);
      const exited = new Promise<number | null>((resolve) => server.terminal.once('exit', resolve));

      process.kill(server.pid, signal);
      await server.waitFor(new RegExp(`${signal} received, server closing`));
      expect(await request.finish()).toBe('401');
      const { state, free, ms } = await awaitExit(server);
      expect(state, `still running after ${ms} ms`).not.toBe('running');
      expect(free).toBe(true);
      // `script --return` exits with the server's own status.
      expect(await exited).toBe(0);
      if (ENGINE === 'sqlite') expect(existsSync(`${databaseUrl.slice('file:'.length)}-wal`)).toBe(false);
    });
  }
});
