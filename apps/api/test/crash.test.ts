/**
 * Nothing lost on a crash: the server is killed hard (SIGKILL) in the middle of a stream of writes, restarted on
 * the same file, and every write it acknowledged is there. The database runs in WAL mode with
 * `synchronous = NORMAL` (db/client.ts): a commit is in the write-ahead log, in the operating system's cache,
 * before the answer is sent, so a killed process loses nothing it acknowledged. Only a power cut or a kernel
 * crash could lose the last commits (FULL would fsync every commit to cover that too, at a cost in writes).
 * On PostgreSQL the server, not our process, owns durability: a commit is acknowledged once it is in its WAL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseForServers } from './support/engine';
import { integrity, login, startServer, serversTimeout } from './support/server-process';

const ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-secret' };

describe('hard kill in the middle of writes', { timeout: serversTimeout(2) }, () => {
  it('keeps every acknowledged write and an intact database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crash-'));
    const database = await databaseForServers();
    const env = { DATABASE_URL: database.url, WEB_DIST_DIR: dir, ...ADMIN };
    const file = database.url.startsWith('file:') ? database.url.slice('file:'.length) : null;
    const intact = () => {
      if (file) expect(integrity(file)).toBe('ok');
    };
    const server = await startServer(env);

    // Four concurrent streams of sign-ins, each inserting a session row; the kill lands while they run.
    const acked: { cookie: string; sid: string }[] = [];
    let killed = false;
    let enough: () => void = () => {};
    const twentyAcked = new Promise<void>((resolve) => (enough = resolve));
    const stream = async () => {
      while (!killed) {
        try {
          acked.push(await login(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
          if (acked.length >= 20) enough();
        } catch {
          return; // The connection died with the process: that write was never acknowledged.
        }
      }
    };
    const streams = Promise.all([stream(), stream(), stream(), stream()]);
    await twentyAcked;
    killed = true;
    expect(await server.kill('SIGKILL')).toBe(null);
    await streams;
    const acknowledged = [...acked];

    const restarted = await startServer(env);
    try {
      intact();
      for (const session of acknowledged) {
        const res = await fetch(`${restarted.url}/api/auth/me`, { headers: { cookie: session.cookie } });
        expect(res.status, `session ${session.sid} lost`).toBe(200);
      }
    } finally {
      await restarted.kill('SIGTERM');
    }
    intact();
    await database.dispose();
  });
});
