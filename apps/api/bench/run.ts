/**
 * `pnpm bench`: a benchmark, not a test. It prints figures and exits 0 whatever they are.
 *
 * Starts the BUILT server (dist/server.js: `pnpm build` first; the root script does it) on a fresh temporary
 * database seeded by seeds.ts, drives the scenarios of scenarios.ts from a second process with autocannon at
 * 50 connections over loopback, measures a bare node:http server as the machine's ceiling, and prints
 * requests per second, p50/p99 latency, each scenario's ratio to the ceiling, the server's memory, and the
 * production web bundle per route. BENCH_SECONDS sets the duration of each run (default 10).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { seedCatalog } from '../src/db/seed';
import { API_ROOT, DEFAULT_WEB_DIST_DIR } from '../src/lib/paths';
import { hashPassword } from '../src/lib/password';
import { webBundle } from './bundle';
import { SCENARIOS, type Scenario } from './scenarios';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, SEEDERS, type SeedContext } from './seeds';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SERVER_JS = path.join(API_ROOT, 'dist', 'server.js');
const BENCH_DIR = path.join(API_ROOT, 'bench');

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

const children: ChildProcess[] = [];
const cleanup: (() => void)[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const fn of cleanup) fn();
});

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function seed(databasePath: string): Promise<void> {
  const database = openDatabase(databasePath);
  await seedCatalog(database);
  const db = database.writer;
  const ctx: SeedContext = { passwordHash: await hashPassword(BENCH_PASSWORD), membersByRole: new Map() };
  for (const seeder of SEEDERS) {
    const started = performance.now();
    db.$client.transaction(() => seeder.seed(db.$client, ctx))();
    log(`  seeded ${seeder.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  await database.close();
}

async function startServer(databasePath: string): Promise<{ url: string; pid: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_JS], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      // Production settings except the per-request log lines (info), which would flood this report.
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: DEFAULT_WEB_DIST_DIR,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  // A server that dies mid-run would otherwise only show as errors in every later row: say why.
  child.on('exit', (code, signal) => log(`  the API server exited (code ${code}, signal ${signal})`));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, pid: child.pid! };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function startCeiling(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, 'ceiling.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return `http://127.0.0.1:${port}`;
}

async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify(account),
  });
  const cookie = /session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (res.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${res.status}`);
  return cookie;
}

/** One autocannon run, from a second process. */
async function load(options: Record<string, unknown>): Promise<Figures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(BENCH_DIR, 'load.ts'), JSON.stringify(options)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return JSON.parse(out) as Figures;
}

function memory(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return `RSS ${field('VmRSS').toFixed(0)} MB (peak ${field('VmHWM').toFixed(0)} MB)`;
  } catch {
    return 'n/a (no /proc)';
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pad = (s: string, n: number) => s.padEnd(n);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync(SERVER_JS) || !existsSync(path.join(DEFAULT_WEB_DIST_DIR, 'index.html'))) {
    log('No build found: run `pnpm build` first (the root `pnpm bench` script does).');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const databasePath = path.join(dir, 'app.db');

  log(`Seeding a fresh database (${databasePath})`);
  await seed(databasePath);
  const server = await startServer(databasePath);
  const ceilingUrl = await startCeiling();
  const cookies = {
    member: await signIn(server.url, BENCH_ACCOUNTS.member),
    admin: await signIn(server.url, BENCH_ACCOUNTS.admin),
  };

  const run = (url: string, scenario?: Scenario, duration = SECONDS) =>
    load({
      url,
      duration,
      connections: CONNECTIONS,
      method: scenario?.method ?? 'GET',
      headers: {
        ...(scenario?.as ? { cookie: cookies[scenario.as] } : {}),
        ...(scenario?.method === 'POST'
          ? { 'content-type': 'application/json', 'x-requested-with': 'fetch' }
          : {}),
      },
      ...(scenario?.body ? { body: JSON.stringify(scenario.body) } : {}),
      ...(scenario?.pages
        ? {
            paths: Array.from({ length: scenario.pages }, (_, i) =>
              scenario.path.replace('page=1', `page=${i + 1}`),
            ),
          }
        : {}),
    });

  // Figures only mean something on an otherwise idle machine: say how busy it was.
  const machine = () => `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`;
  log(`Machine: ${machine()}`);
  log(`Warming up (2 s each), then ${SECONDS} s per run at ${CONNECTIONS} connections over loopback`);
  log('API server: NODE_ENV=production, LOG_LEVEL=warn (no per-request log lines), built dist/server.js');
  await run(ceilingUrl, undefined, 2);
  await run(`${server.url}${SCENARIOS[0]!.path}`, SCENARIOS[0], 2);
  const ceiling = await run(ceilingUrl);
  // The machine's speed drifts over minutes: `me` runs again after the listings (before the login burst), and
  // the listings are compared with the mean of both runs (both are printed).
  const read = SCENARIOS.find((scenario) => scenario.kind === 'read')!;
  const results: { scenario: Scenario; figures: Figures }[] = [];
  for (const scenario of SCENARIOS) {
    if (scenario.kind === 'login') {
      const again = { ...read, name: `${read.name}, again` };
      results.push({ scenario: again, figures: await run(`${server.url}${read.path}`, again) });
    }
    results.push({ scenario, figures: await run(`${server.url}${scenario.path}`, scenario) });
  }
  const meRuns = results.filter((r) => r.scenario.kind === 'read').map((r) => r.figures.rps);
  const me = { rps: meRuns.reduce((sum, rps) => sum + rps, 0) / meRuns.length };
  const verdict = (scenario: Scenario, f: Figures): string => {
    const notes: string[] = [];
    if (f.non2xx || f.errors) notes.push(`${f.non2xx} non-2xx, ${f.errors} errors`);
    if (scenario.kind === 'read') {
      notes.push(f.rps / ceiling.rps >= 0.4 ? 'ratio >= 0.4 ok' : 'ratio < 0.4 MISSED');
      notes.push(f.p99 < 25 ? 'p99 < 25 ms ok' : 'p99 >= 25 ms MISSED');
    }
    if (scenario.kind === 'listing')
      notes.push(f.rps * 2 >= me.rps ? 'within 2x of me ok' : 'slower than 2x me MISSED');
    if (scenario.kind === 'cold')
      notes.push(`every request reads the database: ${fmt(me.rps / f.rps, 1)}x me`);
    if (scenario.kind === 'login') notes.push('argon2id: slow on purpose');
    return notes.join('; ');
  };

  log('');
  log(
    `${pad('Endpoint', 36)} ${pad('req/s', 9)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('x ceiling', 10)} Target`,
  );
  log(
    `${pad('node:http fixed JSON (ceiling)', 36)} ${pad(fmt(ceiling.rps), 9)} ${pad(fmt(ceiling.p50), 7)} ${pad(fmt(ceiling.p99), 7)} ${pad('1.00', 10)}`,
  );
  for (const { scenario, figures: f } of results) {
    log(
      `${pad(scenario.name, 36)} ${pad(fmt(f.rps), 9)} ${pad(fmt(f.p50), 7)} ${pad(fmt(f.p99), 7)} ${pad(fmt(f.rps / ceiling.rps, 2), 10)} ${verdict(scenario, f)}`,
    );
  }
  log(`Listings are compared with the mean of both \`me\` runs: ${fmt(me.rps)} req/s`);
  log('');
  log(`API server memory after the runs: ${memory(server.pid)}`);
  log(`Machine after the runs: ${machine()}`);

  const bundle = webBundle(DEFAULT_WEB_DIST_DIR);
  log('');
  if (!bundle) {
    log('Web bundle: no Vite manifest (apps/web/dist/.vite/manifest.json); build with `pnpm build`.');
  } else {
    log('Web bundle, first load per route (gzip): JS + CSS of the entry and the route screen');
    log(`${pad('Screen', 48)} ${pad('JS', 10)} CSS`);
    for (const row of bundle) log(`${pad(row.screen, 48)} ${pad(kb(row.jsGzip), 10)} ${kb(row.cssGzip)}`);
    const loginRow = bundle.find((row) => row.screen.includes('login-page'));
    if (loginRow) {
      log(
        `Login route: ${kb(loginRow.jsGzip)} of gzip JavaScript (${loginRow.jsGzip < 250 * 1024 ? 'under' : 'OVER'} the 250 KB target)`,
      );
    }
  }
}

try {
  await main();
} catch (error) {
  // A benchmark reports; it never fails CI.
  log(`Benchmark aborted: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(0);
