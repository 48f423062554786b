/**
 * `pnpm bench`: a benchmark, not a test. It prints figures and exits 0 whatever they are.
 *
 * Seeds a fresh database per engine with seeds.ts (the same rows on both: SQLite in a temporary file, and
 * PostgreSQL in a database made for the run and dropped after it), starts the BUILT server (dist/server.js:
 * `pnpm build` first; the root script does it) on each with DATABASE_URL, drives the scenarios of
 * scenarios.ts from a second process with autocannon at 50 connections over loopback, each scenario on one
 * engine then the other (so a drift of the machine's speed weighs on both alike), measures a bare node:http
 * server as the machine's ceiling, and prints one table: requests per second and p50/p99 latency per engine,
 * side by side, with the targets of issue 15. Then the servers' memory, a 20,000-row member import on each engine
 * (its time, and the longest wait of a request made meanwhile), and the production web bundle per route.
 *
 * BENCH_SECONDS sets the duration of each run (default 10). BENCH_ONLY=<regular expression> runs only the scenarios
 * whose name it matches (and `me`, which the targets compare with), without the member import: for working on one
 * endpoint. BENCH_ENGINES (or --engines=) is sqlite, pg or both
 * (the default). PostgreSQL is the server of BENCH_DATABASE_URL, else the tests' one (TEST_DATABASE_URL, or the
 * app_test role `pnpm test:setup` makes); its role must be allowed to create databases. When it cannot be
 * reached the report says so in one line and shows SQLite alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import pg from 'pg';
import type { DatabaseTarget } from '../src/config';
import { openAppDatabase } from '../src/db/open';
import { seedCatalog } from '../src/db/seed';
import { API_ROOT, DEFAULT_WEB_DIST_DIR } from '../src/lib/paths';
import { hashPassword } from '../src/lib/password';
import { quoteIdent, TEST_DATABASE_URL } from '../test/support/pg-server';
import { webBundle } from './bundle';
import { SCENARIOS, type Scenario } from './scenarios';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, SEEDERS, type SeedContext } from './seeds';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const CONNECTIONS = 50;
const SERVER_JS = path.join(API_ROOT, 'dist', 'server.js');
const BENCH_DIR = path.join(API_ROOT, 'bench');

/** The targets of issue 15 (reported, never asserted). */
const TARGET = {
  p99Ms: 25,
  /** `me` on SQLite, as a share of the bare node:http ceiling. */
  meOfCeiling: 0.25,
  /** Every listing's req/s times this is at least `me`'s. */
  listingOfMe: 4,
  /** PostgreSQL's req/s times this is at least SQLite's, for every read. */
  pgOfSqlite: 2,
};

type EngineName = 'sqlite' | 'pg';
const ENGINE_LABEL: Record<EngineName, string> = { sqlite: 'SQLite', pg: 'PostgreSQL' };
const SHORT_LABEL: Record<EngineName, string> = { sqlite: 'SQLite', pg: 'PG' };

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

interface Engine {
  name: EngineName;
  target: DatabaseTarget;
  /** The server's DATABASE_URL. */
  url: string;
  server?: { url: string; pid: number; child: ChildProcess };
  cookies?: Record<'member' | 'admin', string>;
}

const children: ChildProcess[] = [];
/** Run before exiting, last added first: stop the servers before dropping their database. */
const cleanup: (() => void | Promise<void>)[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
process.once('SIGINT', () => {
  void runCleanup().finally(() => process.exit(130));
});

async function runCleanup(): Promise<void> {
  while (cleanup.length > 0) {
    try {
      await cleanup.pop()!();
    } catch (error) {
      log(`  cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

function engineChoice(): EngineName[] | string {
  const flag = process.argv.find((arg) => arg.startsWith('--engines='))?.slice('--engines='.length);
  const choice = (flag ?? process.env.BENCH_ENGINES ?? 'both').trim().toLowerCase();
  if (choice === 'both') return ['sqlite', 'pg'];
  if (choice === 'sqlite' || choice === 'pg') return [choice];
  return `BENCH_ENGINES must be sqlite, pg or both (got "${choice}")`;
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

function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * A fresh database on the PostgreSQL server of BENCH_DATABASE_URL (else the tests' server), dropped when the
 * run ends; null, after one line saying why, when the server cannot be reached or will not make one.
 */
async function preparePg(): Promise<Engine | null> {
  const fromEnv = process.env.BENCH_DATABASE_URL;
  const serverUrl = fromEnv !== undefined && fromEnv !== '' ? fromEnv : TEST_DATABASE_URL;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  const name = `bench_${process.pid}_${Date.now()}`;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    log(
      `PostgreSQL: not measured: ${redacted(serverUrl)} cannot be reached or will not create a database ` +
        `(${reason}); start it with \`pnpm test:setup\` or set BENCH_DATABASE_URL.`,
    );
    return null;
  }
  await admin.end();
  cleanup.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name: 'pg', target: { dialect: 'pg', url: url.toString() }, url: url.toString() };
}

function prepareSqlite(): Engine {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'app.db');
  return { name: 'sqlite', target: { dialect: 'sqlite', path: file }, url: `file:${file}` };
}

/** The same rows on either engine: the catalog as the server seeds it, then every seeder in its transaction. */
async function seed(engine: Engine): Promise<void> {
  const where = engine.target.dialect === 'sqlite' ? engine.target.path : redacted(engine.url);
  log(`Seeding a fresh ${ENGINE_LABEL[engine.name]} database (${where})`);
  const database = await openAppDatabase(engine.target);
  try {
    await seedCatalog(database);
    const ctx: SeedContext = { passwordHash: await hashPassword(BENCH_PASSWORD) };
    for (const seeder of SEEDERS) {
      const started = performance.now();
      await database.transaction((tx) => seeder.seed(tx, ctx));
      log(`  seeded ${seeder.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    if (engine.name === 'sqlite') database.writer.$client.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await database.close();
  }
  if (engine.name === 'pg') {
    // What autovacuum does within a minute of a bulk load: the planner's statistics for the new rows.
    const client = new pg.Client({ connectionString: engine.url });
    await client.connect();
    try {
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }
  }
}

async function startServer(engine: Engine): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_JS], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: engine.url,
      // Production settings except the per-request log lines (info), which would flood this report.
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: DEFAULT_WEB_DIST_DIR,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  let stopping = false;
  // A server that dies mid-run would otherwise only show as errors in every later row: say why.
  child.on('exit', (code, signal) => {
    if (!stopping)
      log(`  the ${ENGINE_LABEL[engine.name]} API server exited (code ${code}, signal ${signal})`);
  });
  cleanup.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      engine.server = { url, pid: child.pid!, child };
      engine.cookies = {
        member: await signIn(url, BENCH_ACCOUNTS.member),
        admin: await signIn(url, BENCH_ACCOUNTS.admin),
      };
      return;
    }
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

/** One scenario on one engine's server (or, without a scenario, a plain GET of `url`). */
function run(url: string, engine?: Engine, scenario?: Scenario, duration = SECONDS): Promise<Figures> {
  return load({
    url: `${url}${scenario?.path ?? ''}`,
    duration,
    connections: CONNECTIONS,
    method: scenario?.method ?? 'GET',
    headers: {
      ...(scenario?.as && engine?.cookies ? { cookie: engine.cookies[scenario.as] } : {}),
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
}

const IMPORT_ROWS = 20_000;

/**
 * A 20,000-row member import (the CSV an operator moving from the old app brings, bcrypt hashes kept) while a
 * second client asks /api/health every 10 ms: how long the import takes, and the longest a request waited
 * meanwhile (what the event loop's longest pause costs a member using the app during an import).
 */
async function importRun(engine: Engine, hash: string): Promise<string> {
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, i) => `importado${i},importado${i}@example.com,700${i},cafeinas,sí,,${hash}`,
  );
  const csv = ['username,email,phone,role,active,created_at,password_hash', ...rows].join('\n');
  const url = engine.server!.url;
  let importing = true;
  let longest = 0;
  const probe = (async () => {
    while (importing) {
      const started = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/users/import`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      cookie: engine.cookies!.admin,
    },
    body: JSON.stringify({ csv, dry_run: false }),
  });
  const elapsed = performance.now() - started;
  const answer = (await res.json()) as { imported?: number; error?: string };
  importing = false;
  await probe;
  if (res.status !== 200) return `answered ${res.status} (${answer.error ?? ''})`;
  return `${fmt(answer.imported ?? 0)} imported in ${fmt(elapsed / 1000, 1)} s; longest /api/health wait meanwhile ${fmt(longest)} ms`;
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
const padStart = (s: string, n: number) => s.padStart(n);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Row {
  name: string;
  /** A scenario's row, or the ceiling's (a bare node:http server, no database). */
  scenario?: Scenario;
  ceiling?: Figures;
  figures: Partial<Record<EngineName, Figures>>;
}

/** The target verdicts of one row: each check names the engines that missed it. */
function verdicts(
  row: Row,
  scenario: Scenario,
  engines: EngineName[],
  me: Partial<Record<EngineName, number>>,
  ceiling: number,
): { notes: string[]; missed: string[]; checks: number } {
  const notes: string[] = [];
  const missed: string[] = [];
  let checks = 0;
  const check = (label: string, failing: EngineName[]) => {
    checks++;
    const note =
      failing.length === 0
        ? `${label} ok`
        : `${label} MISSED (${failing.map((e) => SHORT_LABEL[e]).join(', ')})`;
    notes.push(note);
    if (failing.length > 0) missed.push(`${row.name}: ${note}`);
  };
  const { kind } = scenario;
  for (const engine of engines) {
    const f = row.figures[engine];
    if (f && (f.non2xx || f.errors))
      notes.push(`${SHORT_LABEL[engine]} ${f.non2xx} non-2xx, ${f.errors} errors`);
  }
  if (kind === 'login') {
    notes.push('argon2id: slow on purpose');
    return { notes, missed, checks };
  }
  check(
    `p99 < ${TARGET.p99Ms} ms`,
    engines.filter((e) => row.figures[e]!.p99 >= TARGET.p99Ms),
  );
  if (kind === 'read' && row.figures.sqlite) {
    const ratio = row.figures.sqlite.rps / ceiling;
    check(
      `SQLite ${fmt(ratio, 2)} of ceiling (>= ${TARGET.meOfCeiling})`,
      ratio >= TARGET.meOfCeiling ? [] : ['sqlite'],
    );
  }
  if (kind === 'listing' || kind === 'pages') {
    check(
      `within ${TARGET.listingOfMe}x of me`,
      engines.filter((e) => row.figures[e]!.rps * TARGET.listingOfMe < me[e]!),
    );
  }
  if (row.figures.sqlite && row.figures.pg) {
    check(
      `PG within ${TARGET.pgOfSqlite}x of SQLite`,
      row.figures.pg.rps * TARGET.pgOfSqlite >= row.figures.sqlite.rps ? [] : ['pg'],
    );
  }
  return { notes, missed, checks };
}

async function main() {
  if (!existsSync(SERVER_JS) || !existsSync(path.join(DEFAULT_WEB_DIST_DIR, 'index.html'))) {
    log('No build found: run `pnpm build` first (the root `pnpm bench` script does).');
    return;
  }
  const choice = engineChoice();
  if (typeof choice === 'string') {
    log(choice);
    return;
  }
  const engines: Engine[] = [];
  if (choice.includes('sqlite')) engines.push(prepareSqlite());
  if (choice.includes('pg')) {
    const engine = await preparePg();
    if (engine) engines.push(engine);
  }
  if (engines.length === 0) return;
  const names = engines.map((engine) => engine.name);

  for (const engine of engines) await seed(engine);
  for (const engine of engines) await startServer(engine);
  const ceilingUrl = await startCeiling();

  // Figures only mean something on an otherwise idle machine: say how busy it was.
  const machine = () => `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`;
  log(`Machine: ${machine()}`);
  log(
    `Warming up (2 s each), then ${SECONDS} s per run at ${CONNECTIONS} connections over loopback, ` +
      `each scenario on ${engines.map((engine) => ENGINE_LABEL[engine.name]).join(' then ')}`,
  );
  log('API servers: NODE_ENV=production, LOG_LEVEL=warn (no per-request log lines), built dist/server.js');
  await run(ceilingUrl, undefined, undefined, 2);
  for (const engine of engines) await run(engine.server!.url, engine, SCENARIOS[0], 2);
  // The machine's speed drifts over minutes: the ceiling and `me` run again after the listings (before the
  // login burst); each `me` run is compared with the ceiling run just before it, and the listings with the
  // mean of both `me` runs (all are printed).
  const read = SCENARIOS.find((scenario) => scenario.kind === 'read')!;
  const rows: Row[] = [];
  const measureCeiling = async (name: string) =>
    rows.push({ name, ceiling: await run(ceilingUrl), figures: {} });
  const measure = async (scenario: Scenario) => {
    const row: Row = { name: scenario.name, scenario, figures: {} };
    for (const engine of engines) row.figures[engine.name] = await run(engine.server!.url, engine, scenario);
    rows.push(row);
  };
  await measureCeiling('node:http fixed JSON (ceiling)');
  for (const scenario of SCENARIOS) {
    if (ONLY && scenario.kind !== 'read' && !ONLY.test(scenario.name)) continue;
    if (scenario.kind === 'login') {
      await measureCeiling('node:http fixed JSON (ceiling), again');
      await measure({ ...read, name: `${read.name}, again` });
    }
    await measure(scenario);
  }
  const me: Partial<Record<EngineName, number>> = {};
  for (const name of names) {
    const runs = rows.filter((row) => row.scenario?.kind === 'read').map((row) => row.figures[name]!.rps);
    me[name] = runs.reduce((sum, rps) => sum + rps, 0) / runs.length;
  }

  const NAME = 46;
  const cell = (f: Figures | undefined) =>
    f ? `${padStart(fmt(f.rps), 8)} ${padStart(fmt(f.p50), 5)} ${padStart(fmt(f.p99), 5)}  ` : ' '.repeat(23);
  const both = names.length === 2;
  log('');
  log(`${pad('', NAME)} ${names.map((name) => pad(ENGINE_LABEL[name], 23)).join('')}`);
  log(
    `${pad('Endpoint', NAME)} ${names.map(() => `${padStart('req/s', 8)} ${padStart('p50', 5)} ${padStart('p99', 5)}  `).join('')}` +
      `${both ? `${pad('PG/SQLite', 10)}` : ''}Targets`,
  );
  const missed: string[] = [];
  let checks = 0;
  let ceiling = 0;
  for (const row of rows) {
    if (row.ceiling) {
      ceiling = row.ceiling.rps;
      log(
        `${pad(row.name, NAME)} ${cell(row.ceiling)}${' '.repeat(23 * (names.length - 1))}${both ? pad('', 10) : ''}no database`,
      );
      continue;
    }
    const verdict = verdicts(row, row.scenario!, names, me, ceiling);
    missed.push(...verdict.missed);
    checks += verdict.checks;
    const ratio = both ? pad(`${fmt(row.figures.pg!.rps / row.figures.sqlite!.rps, 2)}`, 10) : '';
    log(
      `${pad(row.name, NAME)} ${names.map((name) => cell(row.figures[name])).join('')}${ratio}${verdict.notes.join('; ')}`,
    );
  }
  log('req/s per second of the run; p50/p99 latency in ms; PG/SQLite is the ratio of req/s.');
  log(
    `Listings are compared with the mean of both \`me\` runs: ${names.map((name) => `${ENGINE_LABEL[name]} ${fmt(me[name]!)} req/s`).join(', ')}; ` +
      'each `me` run on SQLite against the ceiling run just before it.',
  );
  log(
    missed.length === 0
      ? `Targets: all ${checks} checks met.`
      : `Targets: ${missed.length} of ${checks} checks missed (the Targets column names the engines).`,
  );
  log('');
  for (const engine of engines) {
    log(`${ENGINE_LABEL[engine.name]} API server memory after the runs: ${memory(engine.server!.pid)}`);
  }
  if (!ONLY) {
    log('');
    log(`Member import, ${fmt(IMPORT_ROWS)} CSV rows with bcrypt hashes, one request:`);
    const importHash = (await bcryptHash('clave-importada', 4)).replace(/^\$2b\$/, '$2y$');
    for (const engine of engines)
      log(`  ${pad(ENGINE_LABEL[engine.name], 11)} ${await importRun(engine, importHash)}`);
  }
  log(`Machine after the runs: ${machine()}`);
  await runCleanup();

  const bundle = webBundle(DEFAULT_WEB_DIST_DIR);
  log('');
  if (!bundle) {
    log('Web bundle: no Vite manifest (apps/web/dist/.vite/manifest.json); build with `pnpm build`.');
  } else {
    log(
      'Web bundle, first load per route (gzip, and the number of files): JS + CSS of the entry and the route screen',
    );
    log(`${pad('Screen', 48)} ${pad('JS', 18)} CSS`);
    for (const row of bundle) {
      const js = `${kb(row.jsGzip)} (${row.jsFiles})`;
      log(`${pad(row.screen, 48)} ${pad(js, 18)} ${kb(row.cssGzip)} (${row.cssFiles})`);
    }
    const loginRow = bundle.find((row) => row.screen.includes('login-page'));
    if (loginRow) {
      log(
        `Login route: ${kb(loginRow.jsGzip)} of gzip JavaScript (${loginRow.jsGzip < 160 * 1024 ? 'under' : 'OVER'} the 160 KB target)`,
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
await runCleanup();
process.exit(0);
