import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/lib/paths';
import { bundledEntry, LISTENING, serversTimeout, waitForLine } from './support/server-process';

/** The SDKs of services a server without their settings (Stripe, an AI provider, SMTP, passkeys) never uses. */
const UNUSED_SDKS = [
  'stripe',
  'openai',
  '@google/genai',
  '@simplewebauthn/server',
  'nodemailer',
  'qrcode',
  'pino-pretty',
];

/** Runs the real entry point (bundled once per run) and collects what it prints. */
function startServer(env: Record<string, string>, nodeOptions: string[] = []) {
  const child = spawn(process.execPath, [...nodeOptions, ...bundledEntry('server')], {
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

  it('serves without loading the SDKs it has no settings for, then shuts down gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'server-'));
    const loaded = path.join(dir, 'loaded-packages.json');
    const server = startServer(
      { PORT: '0', DATABASE_PATH: path.join(dir, 'app.db'), WEB_DIST_DIR: dir, LOADED_PACKAGES_FILE: loaded },
      ['--import', path.join(API_ROOT, 'test/support/loaded-packages.mjs')],
    );
    const stderr = () => server.output().stderr;
    const url = (await waitForLine(server.child.stdout, LISTENING, server.exited, stderr))[1]!;
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The first start created the admin and printed its one-time password.
    expect(server.output().stdout).toMatch(/admin@localhost con la contraseña \S+/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('SIGTERM received, server closing');
    // Each loads when first needed (a payment, a generation, an email, a passkey, a terminal's log): a start
    // without them is shorter, on every node and for every process a test starts.
    const packages = JSON.parse(readFileSync(loaded, 'utf8')) as string[];
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'better-sqlite3']));
    expect(packages.filter((name) => UNUSED_SDKS.includes(name))).toEqual([]);
  });
});
