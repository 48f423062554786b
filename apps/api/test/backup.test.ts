/**
 * Nothing lost: `db backup` copies the live database from another process while the server keeps writing,
 * and `db restore` puts the copy back, after checking it, and only once the server has stopped.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dumpFile, integrity, login, runCli, startServer, serversTimeout } from './support/server-process';

const ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-secret' };

describe('backup and restore', { timeout: serversTimeout(4) }, () => {
  it('backs up a consistent copy while writes stream in, and restores exactly that copy', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-'));
    const env = { DATABASE_PATH: path.join(dir, 'app.db'), WEB_DIST_DIR: dir, ...ADMIN };
    const server = await startServer(env);

    // A stream of acknowledged writes: each sign-in inserts a session row.
    const acked: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) acked.push((await login(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).sid);
    })();
    const waitFor = async (n: number) => {
      while (acked.length < n)
        await login(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD).then((s) => acked.push(s.sid));
    };
    await waitFor(5);

    const file = path.join(dir, 'copia.db');
    const ackedBefore = [...acked];
    const backup = await runCli('db', ['backup', file], env);
    const ackedAfter = acked.length;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Copia de seguridad creada');
    await waitFor(ackedAfter + 3);

    // Restoring under a running server is refused: it would keep serving stale state.
    const refused = await runCli('db', ['restore', file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('¿el servidor sigue en marcha?');

    writing = false;
    await writer;
    expect(await server.kill('SIGTERM')).toBe(0);

    // The copy is sound, holds every write acknowledged before it started, and nothing never acknowledged.
    expect(integrity(file)).toBe('ok');
    const copied = dumpFile(file);
    const copiedSids = (copied.sessions as { id: string }[]).map((s) => s.id);
    expect(copiedSids).toEqual(expect.arrayContaining(ackedBefore));
    for (const sid of copiedSids) expect(acked).toContain(sid);
    for (const sid of acked.slice(ackedAfter)) expect(copiedSids).not.toContain(sid);

    const restored = await runCli('db', ['restore', file], env);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Base de datos restaurada');
    expect(integrity(env.DATABASE_PATH)).toBe('ok');
    expect(dumpFile(env.DATABASE_PATH)).toEqual(copied);

    // The restored database serves again.
    const again = await startServer(env);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    await again.kill('SIGTERM');
  });

  it('refuses to restore a file that is not a sound database of this app', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'restore-'));
    const env = { DATABASE_PATH: path.join(dir, 'app.db') };
    const missing = await runCli('db', ['restore', path.join(dir, 'no-existe.db')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('el fichero no existe');
    writeFileSync(path.join(dir, 'basura.db'), 'esto no es una base de datos');
    const junk = await runCli('db', ['restore', path.join(dir, 'basura.db')], env);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toContain('No se restaura');
  });
});
