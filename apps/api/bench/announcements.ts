/**
 * `pnpm bench` (last part): one announcement sent to 1,000 and then 10,000 members through a local SMTP server,
 * by the app's own sending code (the job runner, the batch job, nodemailer), on SQLite in a temporary file.
 * Prints the time, the messages per second and the peak memory of the sending over the memory before it, and
 * the ratio of the two peaks (flat memory: near 1). A benchmark, not a test: it exits 0.
 *
 * Three processes, so each figure is the sender's own: the SMTP server runs in a child that only counts what it
 * receives, and each size is sent by a fresh child of its own (run with --expose-gc), so the larger sending does
 * not inherit the smaller one's heap, and seeding the members happens before its baseline.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openAppDatabase } from '../src/db/open';
import { roles, users } from '../src/db/schema';
import { seedCatalog } from '../src/db/seed';
import { createMailer } from '../src/integrations/mailer';
import { createHistoryRecorder } from '../src/modules/history';
import { createJobRunner, createJobsRepo } from '../src/modules/jobs';
import {
  createAnnouncementsRepo,
  createAnnouncementsService,
  unsubscribeKey,
} from '../src/modules/announcements';

const SIZES = (process.env.BENCH_ANNOUNCEMENT_SIZES ?? '1000,10000').split(',').map(Number);
const BATCH = 200;
/** How often the sender samples its memory (ms). */
const SAMPLE_MS = 10;
/**
 * In the "live" runs, how often the sender collects its garbage before a sample (ms). V8 collects lazily: the
 * natural peak grows with the length of a run whatever it keeps, until a full collection. Collecting every
 * half second leaves what the sending really holds, which must not grow with the members.
 */
const LIVE_GC_MS = 500;

/** What one sending child reports. */
interface SendResult {
  members: number;
  live: boolean;
  seconds: number;
  perSecond: number;
  /** Peak over the baseline taken just before publishing, in MB. */
  rssMb: number;
  heapMb: number;
  /** The heap still in use once the sending is over and collected, over the baseline, in MB. */
  heapAfterMb: number;
  peakRssMb: number;
}

const MB = 1048576;
const mode = process.argv[2];
if (mode === '--smtp') {
  smtpChild();
} else if (mode === '--send') {
  await sendChild(Number(process.argv[3]), process.argv[4] ?? '', process.argv[5] === 'live');
} else {
  await main();
}

/** The SMTP child: a server that accepts, counts and forgets each message, and answers the count when asked. */
function smtpChild(): void {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        count += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', () => process.send?.({ count }));
}

function startSmtp(): Promise<{ child: ChildProcess; url: string; count: () => Promise<number> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--smtp'], { execArgv: process.execArgv });
  return new Promise((resolve) => {
    child.once('message', (message: { port: number }) => {
      resolve({
        child,
        url: `smtp://127.0.0.1:${message.port}`,
        count: () =>
          new Promise((answer) => {
            child.once('message', (reply: { count: number }) => answer(reply.count));
            child.send('count');
          }),
      });
    });
  });
}

/** Sends one size in a fresh child (with a collectable heap) and answers what it measured. */
function sendInChild(members: number, smtpUrl: string, live: boolean): Promise<SendResult> {
  const args = ['--send', String(members), smtpUrl, live ? 'live' : 'natural'];
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result: SendResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the sending child of ${members} ended with ${code}`)));
  });
}

/** The sending child: seeds `members` VIP members, publishes one announcement to them and measures the sending. */
async function sendChild(members: number, smtpUrl: string, live: boolean): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-announcements-'));
  const database = await openAppDatabase({ dialect: 'sqlite', path: path.join(dir, 'app.db') });
  try {
    await seedCatalog(database);
    const [vip] = await database.read.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
    for (let start = 0; start < members; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, members - start) }, (_, i) => {
        const n = start + i;
        return {
          email: `miembro${n}@example.com`,
          username: `miembro${n}`,
          username_skeleton: `miembro${n}`,
          password_hash: 'x',
          role_id: vip!.id,
        };
      });
      await database.transaction((tx) => tx.insert(users).values(rows));
    }
    const clock = { now: () => new Date() };
    const log = {
      error: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
      info: () => {},
      warn: () => {},
    };
    const jobs = createJobRunner({
      repo: createJobsRepo(database),
      clock,
      log: log as never,
      timeZone: 'Europe/Madrid',
      pollMs: 20,
    });
    const mailer = createMailer(
      { smtpUrl, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
      log,
    );
    let key: Promise<Buffer> | undefined;
    const service = createAnnouncementsService({
      repo: createAnnouncementsRepo(database),
      mailer,
      clock,
      history: createHistoryRecorder(database, { clock, retentionDays: 365 }),
      jobs,
      publicUrl: () => 'https://miembros.example.com',
      unsubscribeKey: () => (key ??= unsubscribeKey(database)),
      sending: { perSecond: 1_000_000, batchSize: BATCH },
      log,
    });
    jobs.declare(service.job);
    const author = { id: 1, username: 'bench', email: 'bench@example.com' };
    const draft = await service.create(author, {
      titulo: 'Comunicado de prueba',
      cuerpo_html: `<p>${'Un texto de un comunicado de tamaño normal. '.repeat(20)}</p>`,
      audience: { kind: 'roles', ids: [vip!.id] },
    });
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const trace = process.env.BENCH_TRACE === '1';
    let lastGc = Date.now();
    const sampler = setInterval(() => {
      if (live && Date.now() - lastGc >= LIVE_GC_MS) {
        global.gc?.();
        lastGc = Date.now();
      }
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, SAMPLE_MS);
    const started = performance.now();
    await service.publish(author, draft.id, null);
    jobs.start();
    for (;;) {
      const progress = (await service.get(draft.id)).progress;
      if (trace) {
        const now = process.memoryUsage();
        process.stderr.write(
          `${progress.sent} sent: rss ${(now.rss / MB).toFixed(1)} heap ${(now.heapUsed / MB).toFixed(1)} external ${(now.external / MB).toFixed(1)}\n`,
        );
      }
      if (progress.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await jobs.stop();
    mailer.close();
    global.gc?.();
    const result: SendResult = {
      members,
      live,
      seconds,
      perSecond: members / seconds,
      rssMb: (peakRss - baseline.rss) / MB,
      heapMb: (peakHeap - baseline.heapUsed) / MB,
      heapAfterMb: (process.memoryUsage().heapUsed - baseline.heapUsed) / MB,
      peakRssMb: peakRss / MB,
    };
    process.send?.(result);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

/** One line of the bench's report. */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main() {
  const smtp = await startSmtp();
  try {
    say(
      `\nComunicados: one announcement through a local SMTP server (SQLite, batches of ${BATCH}; ` +
        'each size sent by its own process, the SMTP server in another)',
    );
    for (const live of [false, true]) {
      say(
        live
          ? `  live memory (garbage collected every ${LIVE_GC_MS} ms: what the sending holds):`
          : '  natural memory (V8 collects when it likes: its peak follows the run time, not what is kept):',
      );
      const results: SendResult[] = [];
      for (const size of SIZES) {
        const before = await smtp.count();
        const result = await sendInChild(size, smtp.url, live);
        const delivered = (await smtp.count()) - before;
        results.push(result);
        say(
          `  ${String(result.members).padStart(6)} members: ${delivered} delivered in ${result.seconds.toFixed(1)} s ` +
            `(${result.perSecond.toFixed(0)} msg/s); peak RSS ${result.peakRssMb.toFixed(0)} MB; peak over baseline: ` +
            `RSS +${result.rssMb.toFixed(1)} MB, heap +${result.heapMb.toFixed(1)} MB; ` +
            `heap kept after: ${result.heapAfterMb.toFixed(1)} MB`,
        );
      }
      const [small, large] = [results[0], results.at(-1)];
      if (small && large && small !== large) {
        const ratio = (a: number, b: number) => (Math.max(a, 1) / Math.max(b, 1)).toFixed(2);
        say(
          `  memory, ${large.members} vs ${small.members} members: RSS peak ×${ratio(large.rssMb, small.rssMb)}, ` +
            `heap peak ×${ratio(large.heapMb, small.heapMb)} (over baseline, at least 1 MB each; flat: near 1); ` +
            `time ×${(large.seconds / small.seconds).toFixed(1)} for ×${(large.members / small.members).toFixed(0)} members`,
        );
      }
    }
  } finally {
    smtp.child.kill();
  }
}
