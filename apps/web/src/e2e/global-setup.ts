import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, MEMBERSHIP_PLANS_URL } from './accounts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const apiDist = path.join(repoRoot, 'apps/api/dist');

/** Starts the production server (built API + built web app) on a free port with a fresh database file. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-'));
  const env = {
    ...process.env,
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ACCOUNTS.admin.email,
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    MEMBERSHIP_PLANS_URL,
    LOG_LEVEL: 'warn',
  };
  // The first start seeds the catalog and the admin; members are added with the operator command afterwards.
  const server = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  server.stdout.resume();

  for (const account of [ACCOUNTS.cafeinas, ACCOUNTS.vip, ACCOUNTS.inactive]) {
    const args = [
      'add',
      '--email',
      account.email,
      '--username',
      account.username,
      '--password',
      account.password,
    ];
    args.push('--role', account.role, ...(account === ACCOUNTS.inactive ? ['--inactive'] : []));
    execFileSync(process.execPath, [path.join(apiDist, 'cli/user.js'), ...args], { env, stdio: 'pipe' });
  }

  process.env.E2E_BASE_URL = baseUrl;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
