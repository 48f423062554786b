/**
 * `pnpm bench` (last part): one announcement sent to 1,000 and then 10,000 members through a local SMTP server,
 * by the app's own sending code (the job runner, the batch job, nodemailer) in this process, on SQLite in a
 * temporary file. Prints the time, the messages per second and the peak memory of the sending over the memory
 * before it, and the ratio of the two peaks (flat memory: near 1). A benchmark, not a test: it exits 0.
 *
 * The SMTP server runs in a child process and only counts what it receives, so its memory is not the sender's.
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

/** The child: an SMTP server that accepts and counts, and answers the count when asked. */
if (process.argv[2] === '--smtp') {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
} else {
  await main();
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

async function sendTo(members: number, smtpUrl: string, received: () => Promise<number>) {
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
    const service = createAnnouncementsService({
      repo: createAnnouncementsRepo(database),
      mailer,
      clock,
      history: createHistoryRecorder(database, { clock, retentionDays: 365 }),
      jobs,
      publicUrl: () => 'https://miembros.example.com',
      unsubscribeKey: () => unsubscribeKey(database),
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
    const before = await received();
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = performance.now();
    await service.publish(author, draft.id, null);
    jobs.start();
    for (;;) {
      const progress = (await service.get(draft.id)).progress;
      if (progress.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await jobs.stop();
    mailer.close();
    const delivered = (await received()) - before;
    return {
      members,
      delivered,
      seconds,
      perSecond: members / seconds,
      rssMb: (peakRss - baseline.rss) / 1048576,
      heapMb: (peakHeap - baseline.heapUsed) / 1048576,
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of the bench's report. */
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function main() {
  const smtp = await startSmtp();
  try {
    say('\nComunicados: one announcement through a local SMTP server (SQLite, batches of 200)');
    const results = [];
    for (const size of SIZES) {
      const result = await sendTo(size, smtp.url, smtp.count);
      results.push(result);
      say(
        `  ${String(result.members).padStart(6)} members: ${result.delivered} delivered in ${result.seconds.toFixed(1)} s ` +
          `(${result.perSecond.toFixed(0)} msg/s); peak over baseline: RSS +${result.rssMb.toFixed(1)} MB, heap +${result.heapMb.toFixed(1)} MB`,
      );
    }
    const [small, large] = [results[0], results.at(-1)];
    if (small && large && small !== large) {
      say(
        `  memory, ${large.members} vs ${small.members} members: RSS peak ×${(large.rssMb / Math.max(small.rssMb, 0.1)).toFixed(2)}, heap peak ×${(large.heapMb / Math.max(small.heapMb, 0.1)).toFixed(2)} (flat: near 1)`,
      );
    }
  } finally {
    smtp.child.kill();
  }
}
