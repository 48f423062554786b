import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { ACCOUNTS, MEMBERSHIP_PLANS_URL } from './accounts';
import { prepareStatsHistory } from './stats-history';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const apiDist = path.join(repoRoot, 'apps/api/dist');
const execFileAsync = promisify(execFile);

/**
 * Resolves when the child has exited, also when it already has: awaiting an 'exit' that never comes would
 * leave the runner with nothing to do, and Node would quit with code 0, hiding failed tests.
 */
const exited = (child: ChildProcess): Promise<unknown> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

/**
 * What the first match of `pattern` in `child`'s output captures, within two minutes; fails if the child exits
 * first. Then it stops reading, and the rest of the output is drained unread: the server logs every request of
 * the run, and searching the whole text again at each line made the runner's work grow with the square of the
 * run's length.
 */
function firstCapture(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  const stdout = child.stdout;
  if (!stdout) throw new Error(`${what}: stdout is not a pipe`);
  return new Promise((resolve, reject) => {
    let output = '';
    const stop = () => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.off('exit', onExit);
      stdout.resume();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${what} did not start:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1] !== undefined) {
        stop();
        resolve(match[1]);
      }
    };
    const onExit = (code: number | null) => {
      stop();
      reject(new Error(`${what} exited with ${code}:\n${output}`));
    };
    stdout.on('data', onData);
    child.on('exit', onExit);
  });
}

/** Starts the fake third-party services (apps/api/test/fakes) and returns the environment pointing at them. */
async function startFakes(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const fakes = spawn(path.join(repoRoot, 'apps/api/node_modules/.bin/tsx'), ['test/fakes/serve.ts'], {
    cwd: path.join(repoRoot, 'apps/api'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env = JSON.parse(await firstCapture(fakes, /^FAKES (.*)$/m, 'the fakes')) as Record<string, string>;
  return {
    env,
    stop: async () => {
      fakes.kill('SIGTERM');
      await exited(fakes);
    },
  };
}

/**
 * Signs the seeded administrator in once with the emailed code (the server sends mail through the fake SMTP)
 * and returns the `trusted_device` cookie value: the specs' admin sign-ins carry it, as a browser the admin
 * verified before would.
 */
async function verifyAdminDevice(baseUrl: string, mailbox: string): Promise<string> {
  const headers = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password }),
  });
  const step = /second_step=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1];
  if (!step)
    throw new Error(`the admin's sign-in asked no second step: ${login.status} ${await login.text()}`);
  const mails = (await (await fetch(`${mailbox}?to=${encodeURIComponent(ACCOUNTS.admin.email)}`)).json()) as {
    text: string;
  }[];
  const match = /\b(\d{3}) (\d{3})\b/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error('no sign-in code reached the fake mailbox');
  const verified = await fetch(`${baseUrl}/api/auth/second-step`, {
    method: 'POST',
    headers: { ...headers, cookie: `second_step=${step}` },
    body: JSON.stringify({ method: 'email', code: `${match[1]}${match[2]}` }),
  });
  const device = /trusted_device=([^;]+)/.exec(verified.headers.getSetCookie().join('\n'))?.[1];
  if (!device)
    throw new Error(`the admin's device was not verified: ${verified.status} ${await verified.text()}`);
  return device;
}

/** Starts the production server (built API + built web app) on a free port with a fresh database file. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-'));
  const fakes = await startFakes();
  // The specs (worker processes) inherit these too, e.g. to read the fake mailbox.
  Object.assign(process.env, fakes.env);
  const env = {
    ...process.env,
    ...fakes.env,
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ACCOUNTS.admin.email,
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    MEMBERSHIP_PLANS_URL,
    LOG_LEVEL: 'warn',
    // Every spec signs up and asks for recovery links from 127.0.0.1 against this one server, and `pnpm
    // e2e:repeat` runs them again and again: the production limits (10 an hour per IP) would refuse later runs.
    REGISTER_LIMIT_PER_IP: '1000',
    RECOVERY_LIMIT_PER_IP: '1000',
    // The specs sign the seeded admin in with a password (and its verified browser, below): an authenticator
    // app is not required of administrators here. two-factor.spec.ts turns the requirement on for a role.
    REQUIRE_ADMIN_2FA_ON_NEW_INSTALL: 'false',
  };
  // The first start seeds the catalog and the admin; members are added with the operator command afterwards.
  const server = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await firstCapture(server, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 'the server');
  // The fake Stripe sends its webhook events to this server, as Stripe does to the URL an operator registers.
  const webhook = await fetch(`${fakes.env.STRIPE_API_URL}/__control/webhook-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${baseUrl}/api/billing/webhook` }),
  });
  if (!webhook.ok) throw new Error(`the fake Stripe refused the webhook URL: ${webhook.status}`);

  // The operator command once per account, one after the other: SQLite gives one writer at a time, and five
  // processes opening the database together can outwait its busy timeout on a loaded machine.
  try {
    for (const account of [
      ACCOUNTS.cafeinas,
      ACCOUNTS.vip,
      ACCOUNTS.vip2,
      ACCOUNTS.inactive,
      ACCOUNTS.profile,
    ]) {
      const args = [
        'add',
        '--email',
        account.email,
        '--username',
        account.username,
        '--password',
        account.password,
        '--role',
        account.role,
        ...(account === ACCOUNTS.inactive ? ['--inactive'] : []),
      ];
      await execFileAsync(process.execPath, [path.join(apiDist, 'cli/user.js'), ...args], { env });
    }
  } catch (error) {
    // A failed set-up gets no teardown call: stop what was started so no server outlives the run.
    server.kill('SIGTERM');
    await exited(server);
    await fakes.stop();
    throw error;
  }

  await prepareStatsHistory(env.DATABASE_PATH, path.join(repoRoot, 'apps/api'));
  try {
    process.env.E2E_ADMIN_DEVICE = await verifyAdminDevice(baseUrl, fakes.env.FAKE_MAILBOX_URL ?? '');
  } catch (error) {
    server.kill('SIGTERM');
    await exited(server);
    await fakes.stop();
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  // For the few specs that must plant rows only time makes (an old sign-in), as stats-history.ts does here.
  process.env.E2E_DATABASE_PATH = env.DATABASE_PATH;
  return async () => {
    server.kill('SIGTERM');
    await exited(server);
    await fakes.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
