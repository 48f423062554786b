import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/lib/paths';
import { bundledEntry, LISTENING, serversTimeout, waitForLine } from './support/server-process';

/** Runs the real entry point (bundled once per run) and collects what it prints. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, bundledEntry('server'), {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('server entry point', { timeout: serversTimeout(1) }, () => {
  it('refuses an invalid configuration with a clear message and no stack trace', async () => {
    const server = startServer({ PORT: 'abc', APP_URL: 'no-es-una-url' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('Configuración inválida');
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('APP_URL');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'server-'));
    const server = startServer({ PORT: '0', DATABASE_PATH: path.join(dir, 'app.db'), WEB_DIST_DIR: dir });
    const stderr = () => server.output().stderr;
    const url = (await waitForLine(server.child.stdout, LISTENING, server.exited, stderr))[1]!;
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The first start created the admin and printed its one-time password.
    expect(server.output().stdout).toMatch(/admin@localhost con la contraseña \S+/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('SIGTERM received, server closing');
  });
});
