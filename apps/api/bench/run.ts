/**
 * `pnpm bench`: a benchmark, not a test. It prints figures and exits 0 whatever they are.
 *
 * Seeds fresh databases with seeds.ts, per engine (SQLite in a temporary file, PostgreSQL in a database made for
 * the run and dropped after it) and per seed size: the bench seed and one ten times larger (BENCH_SCALES,
 * default "1,10"). Starts the BUILT server (dist/server.js: `pnpm build` first; the root script does it) on each,
 * and drives the scenarios of scenarios.ts from a second process over loopback (load.ts), each scenario on
 * every server back to back (so a drift of the machine's speed weighs on all alike). It prints, reported and
 * never asserted, how each scenario stands against the targets in TARGET (a read's throughput as the seed
 * grows, member and admin pages' throughput and tail latency, PostgreSQL against SQLite). Then the servers'
 * memory, a large member import on each engine (its time, and the longest wait of a request made meanwhile),
 * the production web bundle per route, and how long it took.
 *
 * BENCH_SECONDS sets the duration of each run (default 5). BENCH_ONLY=<regular expression> runs only the scenarios
 * whose name it matches (and `me`, which the targets compare with), without the member import: for working on one
 * endpoint. BENCH_ENGINES (or --engines=) is sqlite, pg or both (the default). BENCH_SCALES lists the seed sizes
 * as multiples of the bench seed. PostgreSQL is the server of BENCH_DATABASE_URL, else TEST_DATABASE_URL's,
 * else Debian's main cluster (the app_test role `pnpm test:setup` makes there); its role must be allowed to create
 * databases. When it cannot be reached the report says so in one line and shows SQLite alone.
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
import { quoteIdent } from '../test/support/pg-server';
import { webBundle } from './bundle';
import type { Figures } from './load';
import { SCENARIOS, TODAY_SCENARIO, type Scenario } from './scenarios';
import { afterSeed, BENCH_ACCOUNTS, BENCH_PASSWORD, seeders, type SeedContext } from './seeds';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** Member pages: many members at once; admin pages: one administrator at a time. */
const CONNECTIONS = { member: 50, admin: 1 };
/** The offered load of the open-loop run of member pages. */
const OFFERED_RPS = 200;
const SCALES = (process.env.BENCH_SCALES ?? '1,10')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((x, y) => x - y);
const SERVER_JS = path.join(API_ROOT, 'dist', 'server.js');
const BENCH_DIR = path.join(API_ROOT, 'bench');

/** The performance targets the project set for the API (reported, never asserted). */
const TARGET = {
  /** Every read's req/s on the largest seed, as a share of its req/s on the smallest. */
  flat: 0.8,
  /** Every member page's req/s on SQLite, as a share of `me`'s on the same seed. */
  memberOfMe: 0.25,
  /** p99 of member pages at the offered load, and of admin pages at one connection, on the largest seed. */
  p99Ms: 50,
  /** PostgreSQL's `me` req/s as a share of SQLite's. */
  pgMeOfSqlite: 0.5,
};

type EngineName = 'sqlite' | 'pg';
const ENGINE_LABEL: Record<EngineName, string> = { sqlite: 'SQLite', pg: 'PostgreSQL' };
const SHORT_LABEL: Record<EngineName, string> = { sqlite: 'SQLite', pg: 'PG' };

interface Engine {
  name: EngineName;
  /** The seed's size, as a multiple of the bench seed. */
  scale: number;
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
 * Debian's main cluster, where `pnpm test:setup` also makes the app_test role (or TEST_DATABASE_URL's server):
 * not the tests' own cluster, which runs without fsync and would flatter PostgreSQL's writes.
 */
const TESTS_URL = process.env.TEST_DATABASE_URL;
const BENCH_DEFAULT_URL =
  TESTS_URL !== undefined && TESTS_URL !== ''
    ? TESTS_URL
    : 'postgres://app_test:app_test@127.0.0.1:5432/app_test';

/**
 * A fresh database on the PostgreSQL server of BENCH_DATABASE_URL (else BENCH_DEFAULT_URL), dropped when the
 * run ends; null, after one line saying why, when the server cannot be reached or will not make one.
 */
async function preparePg(scale: number): Promise<Engine | null> {
  const fromEnv = process.env.BENCH_DATABASE_URL;
  const serverUrl = fromEnv !== undefined && fromEnv !== '' ? fromEnv : BENCH_DEFAULT_URL;
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
  return { name: 'pg', scale, target: { dialect: 'pg', url: url.toString() }, url: url.toString() };
}

function prepareSqlite(scale: number): Engine {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'app.db');
  return { name: 'sqlite', scale, target: { dialect: 'sqlite', path: file }, url: `file:${file}` };
}

/** The same rows on either engine: the catalog as the server seeds it, then every seeder in its transaction. */
async function seed(engine: Engine): Promise<void> {
  const where = engine.target.dialect === 'sqlite' ? engine.target.path : redacted(engine.url);
  log(`Seeding a fresh ${label(engine)} database (${where})`);
  const database = await openAppDatabase(engine.target);
  try {
    await seedCatalog(database);
    const ctx: SeedContext = {
      passwordHash: await hashPassword(BENCH_PASSWORD),
      engine: engine.name,
      scale: engine.scale,
      now: new Date(),
    };
    for (const seeder of seeders(engine.scale)) {
      const started = performance.now();
      await database.transaction((tx) => seeder.seed(tx, ctx));
      log(`  seeded ${seeder.name} in ${seconds(started)} s`);
    }
    const started = performance.now();
    await afterSeed(database);
    log(`  kept counts computed in ${seconds(started)} s`);
    if (engine.name === 'sqlite') database.writer.$client.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await database.close();
  }
  if (engine.name === 'pg') {
    // What autovacuum does within a minute of a bulk load: the planner's statistics for the new rows, and the
    // visibility map that lets an index-only scan skip the table.
    const client = new pg.Client({ connectionString: engine.url });
    await client.connect();
    try {
      await client.query('VACUUM (ANALYZE)');
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
    if (!stopping) log(`  the ${label(engine)} API server exited (code ${code}, signal ${signal})`);
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
  // A server opening a ten-times database on a busy shared machine may take minutes before it answers.
  for (let attempt = 0; attempt < 6_000; attempt++) {
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
  throw new Error(`the ${label(engine)} server did not answer within ten minutes`);
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

/** How a run loads the server: closed loop at some connections, or open loop at an offered rate. */
type Load = { connections: number } | { offered: number } | { connections: number; overallRate: number };

/** One scenario on one engine's server (or, without a scenario, a plain GET of `url`). */
function run(url: string, how: Load, engine?: Engine, scenario?: Scenario, duration = SECONDS) {
  return load({
    url: `${url}${scenario?.path ?? ''}`,
    duration,
    ...how,
    method: scenario?.method ?? 'GET',
    headers: {
      ...(scenario?.as && engine?.cookies ? { cookie: engine.cookies[scenario.as] } : {}),
      ...(scenario?.method === 'POST'
        ? { 'content-type': 'application/json', 'x-requested-with': 'fetch' }
        : {}),
    },
    ...(scenario?.body ? { body: JSON.stringify(scenario.body) } : {}),
    ...(scenario?.paths ? { paths: scenario.paths } : {}),
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

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
const label = (engine: Engine) => `${ENGINE_LABEL[engine.name]} ${engine.scale}x`;
const SMALL = SCALES[0]!;
const LARGE = SCALES.at(-1)!;

/** One scenario's figures: per engine and seed size, and for member pages the open-loop run on the largest. */
interface Row {
  scenario: Scenario;
  closed: Partial<Record<EngineName, Record<number, Figures>>>;
  open: Partial<Record<EngineName, Figures>>;
}

const rpsOf = (row: Row, engine: EngineName, scale: number) => row.closed[engine]?.[scale]?.rps ?? 0;
const flatOf = (row: Row, engine: EngineName) => rpsOf(row, engine, LARGE) / rpsOf(row, engine, SMALL);
const isMemberPage = (scenario: Scenario) => scenario.kind === 'me' || scenario.kind === 'member';

/** The target verdicts of one row: each check names the engines that missed it. */
function verdicts(
  row: Row,
  engines: EngineName[],
  me: Row,
): { notes: string[]; missed: string[]; checks: number } {
  const notes: string[] = [];
  const missed: string[] = [];
  let checks = 0;
  const check = (text: string, failing: EngineName[]) => {
    checks++;
    const note =
      failing.length === 0
        ? `${text} ok`
        : `${text} MISSED (${failing.map((e) => SHORT_LABEL[e]).join(', ')})`;
    notes.push(note);
    if (failing.length > 0) missed.push(`${row.scenario.name}: ${note}`);
  };
  for (const engine of engines) {
    const runs = [...Object.values(row.closed[engine] ?? {}), row.open[engine]];
    const non2xx = runs.reduce((sum, f) => sum + (f?.non2xx ?? 0), 0);
    const errors = runs.reduce((sum, f) => sum + (f?.errors ?? 0), 0);
    if (non2xx || errors) notes.push(`${SHORT_LABEL[engine]} ${non2xx} non-2xx, ${errors} errors`);
    const open = row.open[engine];
    if (open && open.rps < OFFERED_RPS * 0.95)
      notes.push(`${SHORT_LABEL[engine]} held ${fmt(open.rps)} of the offered ${OFFERED_RPS} req/s`);
  }
  const { kind } = row.scenario;
  if (kind === 'login') {
    notes.push('argon2id: slow on purpose');
    return { notes, missed, checks };
  }
  if (LARGE > SMALL) {
    check(
      `flat >= ${TARGET.flat}`,
      engines.filter((e) => !(flatOf(row, e) >= TARGET.flat)),
    );
  }
  if (kind === 'member' && engines.includes('sqlite')) {
    const share = (scale: number) => rpsOf(row, 'sqlite', scale) / rpsOf(me, 'sqlite', scale);
    check(
      `>= ${TARGET.memberOfMe} of me`,
      SCALES.every((scale) => share(scale) >= TARGET.memberOfMe) ? [] : ['sqlite'],
    );
  }
  if (isMemberPage(row.scenario)) {
    check(
      `p99 < ${TARGET.p99Ms} ms at ${OFFERED_RPS}/s`,
      engines.filter((e) => !(row.open[e]!.p99 < TARGET.p99Ms)),
    );
  }
  if (kind === 'admin') {
    check(
      `p99 < ${TARGET.p99Ms} ms`,
      engines.filter((e) => !(row.closed[e]![LARGE]!.p99 < TARGET.p99Ms)),
    );
  }
  if (kind === 'me' && engines.length === 2) {
    const share = (scale: number) => rpsOf(row, 'pg', scale) / rpsOf(row, 'sqlite', scale);
    check(
      `PG ${SCALES.map((scale) => fmt(share(scale), 2)).join('/')} of SQLite (>= ${TARGET.pgMeOfSqlite})`,
      SCALES.every((scale) => share(scale) >= TARGET.pgMeOfSqlite) ? [] : ['pg'],
    );
  }
  return { notes, missed, checks };
}

interface Column {
  header: string;
  width: number;
  value: (row: Row) => string;
}

/** One table: a line of engine names over their columns, a line of column names, then one line per row. */
function printTable(
  title: string,
  rows: Row[],
  engines: EngineName[],
  columns: (e: EngineName) => Column[],
  me: Row,
) {
  const NAME = 40;
  const GAP = 3;
  const perEngine = engines.map((engine) => columns(engine));
  const widths = perEngine.map((cols) => cols.reduce((sum, c) => sum + c.width + 1, 0) + GAP);
  log('');
  log(title);
  log(`${pad('', NAME)}${engines.map((engine, i) => pad(ENGINE_LABEL[engine], widths[i]!)).join('')}`);
  log(
    `${pad('Endpoint', NAME)}${perEngine
      .map((cols, i) => pad(cols.map((c) => padStart(c.header, c.width)).join(' '), widths[i]!))
      .join('')}Targets`,
  );
  const missed: string[] = [];
  let checks = 0;
  for (const row of rows) {
    const verdict = verdicts(row, engines, me);
    missed.push(...verdict.missed);
    checks += verdict.checks;
    log(
      `${pad(row.scenario.name, NAME)}${perEngine
        .map((cols, i) => pad(cols.map((c) => padStart(c.value(row), c.width)).join(' '), widths[i]!))
        .join('')}${verdict.notes.join('; ')}`,
    );
  }
  return { missed, checks };
}

const scaleColumns = (engine: EngineName, value: (f: Figures) => number, unit: string): Column[] =>
  SCALES.map((scale) => ({
    header: `${scale}x ${unit}`,
    width: 10,
    value: (row) => {
      const f = row.closed[engine]?.[scale];
      return f ? fmt(value(f)) : '';
    },
  }));

const flatColumn = (engine: EngineName): Column[] =>
  LARGE > SMALL
    ? [
        {
          header: `${LARGE}x/${SMALL}x`,
          width: 7,
          value: (row) => (row.closed[engine]?.[LARGE] ? fmt(flatOf(row, engine), 2) : ''),
        },
      ]
    : [];

const memberColumns =
  (me: Row) =>
  (engine: EngineName): Column[] => [
    ...scaleColumns(engine, (f) => f.rps, 'req/s'),
    ...flatColumn(engine),
    ...(engine === 'sqlite'
      ? [
          {
            header: 'of me',
            width: 10,
            value: (row: Row) =>
              SCALES.map((scale) => fmt(rpsOf(row, engine, scale) / rpsOf(me, engine, scale), 2)).join('/'),
          },
        ]
      : []),
    {
      header: `p99 ${OFFERED_RPS}/s`,
      width: 8,
      value: (row) => (row.open[engine] ? fmt(row.open[engine].p99) : ''),
    },
  ];

const adminColumns = (engine: EngineName): Column[] => [
  ...scaleColumns(engine, (f) => f.rps, 'req/s'),
  ...flatColumn(engine),
  ...scaleColumns(engine, (f) => f.p99, 'p99'),
];

/**
 * Estadísticas' figures of today on the largest seed: p99 at one connection against an anchor measured right
 * after it on the same server, `me` at one connection, so a slower or busier machine moves both alike.
 */
async function printToday(rows: Row[], engines: Engine[]) {
  const row = rows.find((r) => r.scenario.name === TODAY_SCENARIO);
  if (!row) return;
  log('');
  log(`Estadísticas, today's figures live, on the ${LARGE}x seed (target: p99 < ${TARGET.p99Ms} ms):`);
  for (const engine of engines.filter((e) => e.scale === LARGE)) {
    const today = row.closed[engine.name]?.[LARGE];
    if (!today) continue;
    const anchor = await run(engine.server!.url, { connections: CONNECTIONS.admin }, engine, SCENARIOS[0]);
    log(
      `  ${pad(ENGINE_LABEL[engine.name], 11)} p99 ${fmt(today.p99)} ms = ` +
        `${anchor.p99 > 0 ? fmt(today.p99 / anchor.p99, 2) : '-'}x ` +
        `the p99 of \`me\` at one connection (${fmt(anchor.p99)} ms, same run); ` +
        `${today.rps > 0 && today.p99 < TARGET.p99Ms ? 'met' : 'MISSED'}`,
    );
  }
}

async function main() {
  const startedAt = performance.now();
  if (!existsSync(SERVER_JS) || !existsSync(path.join(DEFAULT_WEB_DIST_DIR, 'index.html'))) {
    log('No build found: run `pnpm build` first (the root `pnpm bench` script does).');
    return;
  }
  const choice = engineChoice();
  if (typeof choice === 'string') {
    log(choice);
    return;
  }
  if (SCALES.length === 0) {
    log('BENCH_SCALES must list whole multiples of the bench seed, e.g. "1,10".');
    return;
  }
  const engines: Engine[] = [];
  if (choice.includes('sqlite')) for (const scale of SCALES) engines.push(prepareSqlite(scale));
  if (choice.includes('pg')) {
    for (const scale of SCALES) {
      const engine = await preparePg(scale);
      if (!engine) break;
      engines.push(engine);
    }
  }
  if (engines.length === 0) return;
  const names = [...new Set(engines.map((engine) => engine.name))];

  for (const engine of engines) await seed(engine);
  log(`Seeding took ${seconds(startedAt)} s in all`);
  for (const engine of engines) await startServer(engine);
  const ceilingUrl = await startCeiling();

  // Figures only mean something on an otherwise idle machine: say how busy it was.
  const machine = () => `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`;
  log(`Machine: ${machine()}`);
  log(
    `${SECONDS} s per run over loopback, each scenario on ${engines.map(label).join(', then ')}: member pages at ` +
      `${CONNECTIONS.member} connections, then at an offered ${OFFERED_RPS} req/s on the ${LARGE}x seed; admin pages ` +
      `at ${CONNECTIONS.admin} connection`,
  );
  log('API servers: NODE_ENV=production, LOG_LEVEL=warn (no per-request log lines), built dist/server.js');
  await run(ceilingUrl, { connections: CONNECTIONS.member }, undefined, undefined, 1);
  for (const engine of engines)
    await run(engine.server!.url, { connections: CONNECTIONS.member }, engine, SCENARIOS[0], 1);
  const ceiling = await run(ceilingUrl, { connections: CONNECTIONS.member });
  const ceilingOpen = await run(ceilingUrl, { offered: OFFERED_RPS });
  const ceilingBursts = await run(ceilingUrl, { connections: CONNECTIONS.member, overallRate: OFFERED_RPS });

  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    if (ONLY && scenario.kind !== 'me' && !ONLY.test(scenario.name)) continue;
    const row: Row = { scenario, closed: {}, open: {} };
    const closed = { connections: scenario.kind === 'admin' ? CONNECTIONS.admin : CONNECTIONS.member };
    for (const engine of engines) {
      if (scenario.kind === 'login' && engine.scale !== SMALL) continue;
      const url = engine.server!.url;
      (row.closed[engine.name] ??= {})[engine.scale] = await run(url, closed, engine, scenario);
      if (isMemberPage(scenario) && engine.scale === LARGE)
        row.open[engine.name] = await run(url, { offered: OFFERED_RPS }, engine, scenario);
    }
    rows.push(row);
  }
  const me = rows.find((row) => row.scenario.kind === 'me')!;

  log('');
  log(
    `Machine ceiling (a bare node:http server, no database): ${fmt(ceiling.rps)} req/s, p99 ${fmt(ceiling.p99)} ms; ` +
      `p99 ${fmt(ceilingOpen.p99)} ms at an offered ${OFFERED_RPS} req/s (${fmt(ceilingBursts.p99)} ms measured ` +
      `with autocannon's overallRate, which sends in bursts)`,
  );
  const member = printTable(
    `Member pages: req/s at ${CONNECTIONS.member} connections; "of me" is the share of \`me\`'s req/s per seed; ` +
      `p99 in ms at an offered ${OFFERED_RPS} req/s on the ${LARGE}x seed`,
    rows.filter((row) => isMemberPage(row.scenario)),
    names,
    memberColumns(me),
    me,
  );
  const admin = printTable(
    `Admin pages: req/s and p99 in ms at ${CONNECTIONS.admin} connection`,
    rows.filter((row) => row.scenario.kind === 'admin'),
    names,
    adminColumns,
    me,
  );
  const login = rows.filter((row) => row.scenario.kind === 'login');
  if (login.length > 0) {
    printTable(
      `Sign-in at ${CONNECTIONS.member} connections on the ${SMALL}x seed (argon2id)`,
      login,
      names,
      (engine) =>
        [...scaleColumns(engine, (f) => f.rps, 'req/s'), ...scaleColumns(engine, (f) => f.p99, 'p99')].filter(
          (c) => c.header.startsWith(`${SMALL}x`),
        ),
      me,
    );
  }
  const missed = [...member.missed, ...admin.missed];
  const checks = member.checks + admin.checks;
  log(
    `${LARGE > SMALL ? `${LARGE}x/${SMALL}x is the ratio of req/s between the seeds (flat: >= ${TARGET.flat}); ` : ''}member pages >= ` +
      `${TARGET.memberOfMe} of \`me\` on SQLite; p99 < ${TARGET.p99Ms} ms on the ${LARGE}x seed; PG \`me\` >= ` +
      `${TARGET.pgMeOfSqlite} of SQLite's.`,
  );
  log(
    missed.length === 0
      ? `Targets: all ${checks} checks met.`
      : `Targets: ${missed.length} of ${checks} checks missed (the Targets column names the engines).`,
  );
  await printToday(rows, engines);
  log('');
  for (const engine of engines) {
    log(`${pad(label(engine), 15)} API server memory after the runs: ${memory(engine.server!.pid)}`);
  }
  if (!ONLY) {
    log('');
    log(`Member import on the ${SMALL}x seed, ${fmt(IMPORT_ROWS)} CSV rows with bcrypt hashes, one request:`);
    const importHash = (await bcryptHash('clave-importada', 4)).replace(/^\$2b\$/, '$2y$');
    for (const engine of engines.filter((e) => e.scale === SMALL))
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
  log('');
  log(`The bench took ${fmt((performance.now() - startedAt) / 60_000, 1)} minutes (target: under 15).`);
}

try {
  await main();
} catch (error) {
  // A benchmark reports; it never fails CI.
  log(`Benchmark aborted: ${error instanceof Error ? error.message : String(error)}`);
}
await runCleanup();
process.exit(0);
