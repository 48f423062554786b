/**
 * The second step on two API nodes sharing one database (SQLite file or PostgreSQL): a code from the app is
 * accepted once whichever node it reaches, and the second-step limits count on both. Then the server command
 * that resets an account's second factor, run from the shell against the same database.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppDatabase } from '../src/db/client';
import { openAppDatabase } from '../src/db/open';
import { auditLog } from '../src/modules/history/schema';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp';
import { ADMIN, addUser, postJson, signInConfirmed } from './helper';
import { databaseForServers, directDb } from './support/engine';
import { runCli, serversTimeout } from './support/server-process';

const clock = { current: new Date('2026-11-26T12:00:10.000Z'), now: () => clock.current };
const advance = (ms: number) => (clock.current = new Date(clock.current.getTime() + ms));

const codeAt = (secret: string, date: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: date.getTime() });

let url: string;
let dispose: () => Promise<void>;
let database: AppDatabase;
let a: FastifyInstance;
let b: FastifyInstance;
let smtp: FakeSmtp;

beforeAll(async () => {
  ({ url, dispose } = await databaseForServers());
  smtp = await startFakeSmtp();
  const config: Config = {
    ...loadConfig({ env: { DATABASE_URL: url, LOG_LEVEL: 'silent' } }),
    sessionSecret: 'two-nodes-secret-two-nodes-secret-0123456',
    admin: ADMIN,
    requireAdmin2faOnNewInstall: false,
  };
  // One after the other, as a rolling deploy starts them: the first migrates and seeds.
  a = await buildApp(config, { clock });
  b = await buildApp(config, { clock });
  database = await openAppDatabase(config.database);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  await smtp?.close();
  await dispose?.();
});

const stepCookie = async (node: FastifyInstance, account: { email: string; password: string }) => {
  const res = await postJson(node, '/api/auth/login', { email: account.email, password: account.password });
  const cookie = res.cookies.find((c) => c.name === 'second_step');
  if (!cookie) throw new Error(`no second step: ${res.body}`);
  return `second_step=${cookie.value}`;
};

const step = (node: FastifyInstance, cookie: string, code: string) =>
  postJson(node, '/api/auth/second-step', { method: 'totp', code }, { cookie });

async function memberWithTotp(email: string) {
  const member = await addUser(directDb(database), { email });
  const cookie = await signInConfirmed(a, member.email, member.password);
  const { secret } = (await postJson(a, '/api/account/two-factor/totp/setup', {}, { cookie })).json<{
    secret: string;
  }>();
  const confirmed = await postJson(
    b,
    '/api/account/two-factor/totp/confirm',
    { code: codeAt(secret, clock.now()) },
    { cookie },
  );
  expect(confirmed.statusCode).toBe(200);
  advance(30_000);
  return { member, secret };
}

describe('the second step on two nodes', { timeout: serversTimeout(2) }, () => {
  it('accepts a code once, whichever node it reaches first', async () => {
    const { member, secret } = await memberWithTotp('nodos@example.com');
    const [onA, onB] = [await stepCookie(a, member), await stepCookie(b, member)];
    const code = codeAt(secret, clock.now());
    const answers = await Promise.all([step(a, onA, code), step(b, onB, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('counts the tries of both nodes against one limit', async () => {
    const { member, secret } = await memberWithTotp('limite@example.com');
    const cookie = await stepCookie(a, member);
    for (let i = 0; i < 10; i++) expect((await step(a, cookie, '000000')).statusCode).toBe(400);
    const onB = await stepCookie(b, member);
    expect((await step(b, onB, codeAt(secret, clock.now()))).statusCode).toBe(429);
  });

  it('the server command resets an account’s second factor, in Historial, emailing the account', async () => {
    const { member } = await memberWithTotp('perdi-el-movil@example.com');
    const result = await runCli('user', ['reset-2fa', '--email', member.email], {
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'silent',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('restablecida');
    const res = await postJson(b, '/api/auth/login', { email: member.email, password: member.password });
    expect(res.cookies.some((c) => c.name === 'session')).toBe(true);
    const entries = await directDb(database)
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, 'user.two_factor_reset'));
    expect(entries).toEqual([
      expect.objectContaining({ actor_id: null, actor_name: 'línea de comandos', entity_id: member.id }),
    ]);
    await smtp.waitForMessage(member.email, 'Se ha restablecido tu verificación en dos pasos');

    const unknown = await runCli('user', ['reset-2fa', '--email', 'nadie@example.com'], {
      DATABASE_URL: url,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No existe ninguna cuenta');
  });
});
