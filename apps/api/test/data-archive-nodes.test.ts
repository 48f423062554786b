/**
 * Two API processes on one database build the members' data archives: both runners look for waiting jobs as
 * they start, and each archive is built, and emailed, by one of them only. Runs on SQLite (one file) and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import type { AppDatabase } from '../src/db/client';
import { openAppDatabase } from '../src/db/open';
import { seedCatalog } from '../src/db/seed';
import { dataArchives } from '../src/modules/data-archive/schema';
import { jobs } from '../src/modules/jobs/schema';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp';
import { addUser } from './helper';
import { databaseForServers, directDb } from './support/engine';
import { startServer, type ServerProcess, serversTimeout } from './support/server-process';

const MEMBERS = [1, 2, 3, 4, 5, 6].map((n) => `nodo${n}@example.com`);

let smtp: FakeSmtp;
let nodes: ServerProcess[] = [];
let database: AppDatabase;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const target = await databaseForServers();
  dispose = target.dispose;
  database = await openAppDatabase(loadConfig({ env: { DATABASE_URL: target.url } }).database);
  await seedCatalog(database);
  const db = directDb(database);
  for (const email of MEMBERS) {
    const member = await addUser(db, { email });
    const now = new Date().toISOString();
    const [archive] = await db
      .insert(dataArchives)
      .values({ user_id: member.id, requested_by: member.id, status: 'pending', requested_at: now })
      .returning({ id: dataArchives.id });
    // As a request does: the archive and its build job, which either node's runner may take.
    await db
      .insert(jobs)
      .values({ name: 'data-archive.build', key: String(archive!.id), run_at: now, created_at: now });
  }
  smtp = await startFakeSmtp();
  const env = {
    DATABASE_URL: target.url,
    SMTP_URL: smtp.url,
    // Given, so that neither node has to create it while the other does.
    SESSION_SECRET: 'nodes-session-secret-0123456789-abcdefghij',
  };
  // Both at once: each sweeps for the waiting archives as it starts.
  nodes = await Promise.all([startServer(env), startServer(env)]);
}, serversTimeout(2));

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
  await smtp?.close();
  await database?.close();
  await dispose?.();
});

describe('data archives on two API nodes', () => {
  it('are each built and emailed by one node only', async () => {
    const db = directDb(database);
    await vi.waitFor(
      async () => {
        const jobs = await db.select({ status: dataArchives.status }).from(dataArchives);
        expect(jobs.map((job) => job.status)).toEqual(MEMBERS.map(() => 'ready'));
      },
      { timeout: 60_000, interval: 100 },
    );
    // Stopped, so that an email sent twice would have arrived by now.
    await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
    nodes = [];
    const ready = smtp.messages().filter((mail) => mail.subject === 'Tu archivo de datos está listo');
    expect(ready.flatMap((mail) => mail.to).sort()).toEqual([...MEMBERS].sort());
  }, 90_000);
});
