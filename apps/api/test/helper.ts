import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../src/app';
import { testConfig, type Config } from '../src/config';
import type { AppDatabase, Db } from '../src/db/client';
import { bumpUserCount } from '../src/db/kept-counts';
import { roles, users } from '../src/db/schema';
import { usernameSkeleton } from '../src/db/username-skeleton';
import { hashPassword } from '../src/lib/password';
import { directDb, openTestDatabase } from './support/engine';
import { openTestApps } from './support/open-apps';

export const ADMIN = { email: 'admin@example.com', password: 'admin-secret' };

export interface TestApp {
  app: FastifyInstance;
  /** For a test's own set-up and checks between requests, on either engine: see `directDb`. */
  db: Db;
  database: AppDatabase;
  /** The configuration it was built with (a second node on the same database is built with it too). */
  config: Config;
}

/** The apps still open: test/support/setup.ts closes them after each test of every file. */
const open = openTestApps();

/** A fresh application on its own fresh database (this project's engine), closed after the test. */
export async function createTestApp(overrides: Partial<Config> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const { database, target } = await openTestDatabase();
  const config = testConfig({ admin: ADMIN, database: target, ...overrides });
  const app = await buildApp(config, { db: database, ...deps });
  const entry = { app, db: directDb(database), database, config };
  open.push(entry);
  return entry;
}

export async function addUser(
  db: Db,
  user: { email: string; username?: string; password?: string; role?: string; is_active?: boolean },
): Promise<{ id: number; email: string; password: string }> {
  const password = user.password ?? 'member-secret';
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, user.role ?? 'cafeinas'));
  if (!role) throw new Error(`unknown role ${user.role}`);
  const username = user.username ?? user.email.split('@')[0]!;
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      username,
      username_skeleton: usernameSkeleton(username),
      password_hash: await hashPassword(password),
      role_id: role.id,
      is_active: user.is_active ?? true,
    })
    .returning({ id: users.id });
  await bumpUserCount(db, user.is_active ?? true, 1);
  return { id: row!.id, email: user.email, password };
}

export const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { cookie?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...csrf, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/**
 * An administrator's edit of one account from the users table: the account's current fields with `changes`
 * over them. Answers the response.
 */
export async function adminEditUser(
  test: TestApp,
  adminCookie: string,
  id: number,
  changes: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const [row] = await test.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return test.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}`,
    headers: { ...csrf, cookie: adminCookie },
    payload: {
      username: row.username,
      email: row.email,
      phone: row.phone ?? '',
      role_id: row.role_id,
      is_active: row.is_active,
      ...changes,
    },
  });
}

/** Signs in and returns the `cookie` header value to send with later requests. */
/** What a login sends of an account: its email and password only (the login body refuses other keys). */
export const credentials = ({ email, password }: { email: string; password: string }) => ({
  email,
  password,
});

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await postJson(app, '/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie');
  return `session=${cookie.value}`;
}

/**
 * Signs in and confirms the identity on that session (sudo mode), as /perfil asks before adding a factor.
 * `code`: the authenticator app's code, for an account that has the app.
 */
export async function signInConfirmed(
  app: FastifyInstance,
  email: string,
  password: string,
  code?: string,
): Promise<string> {
  const cookie = await signIn(app, email, password);
  await confirmIdentityOn(app, cookie, password, code);
  return cookie;
}

/** Confirms the identity on a signed-in session (sudo mode) with the password, and a code where needed. */
export async function confirmIdentityOn(
  app: FastifyInstance,
  cookie: string,
  password: string,
  code?: string,
): Promise<void> {
  const res = await postJson(
    app,
    '/api/account/confirm-identity',
    code === undefined ? { password } : { password, code },
    { cookie },
  );
  if (res.statusCode !== 200) throw new Error(`identity not confirmed: ${res.statusCode} ${res.body}`);
}

/** The newest 6-digit sign-in code the fake SMTP server received for `email` (written as "123 456"). */
export function lastEmailedCode(
  smtp: { messages(): readonly { to: string[]; text: string }[] },
  email: string,
) {
  const mail = smtp
    .messages()
    .filter((message) => message.to.includes(email.toLowerCase()))
    .at(-1);
  const match = mail && /\b(\d{3}) (\d{3})\b/.exec(mail.text);
  if (!match) throw new Error(`no sign-in code emailed to ${email}`);
  return `${match[1]}${match[2]}`;
}

/**
 * Signs in an administrator whose new device is asked for the emailed code (the server sends mail): the code
 * is read from the fake SMTP server. Returns the session cookie header value.
 */
export async function signInWithEmailCode(
  app: FastifyInstance,
  email: string,
  password: string,
  smtp: { messages(): readonly { to: string[]; text: string }[] },
): Promise<string> {
  const res = await postJson(app, '/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const step = res.cookies.find((c) => c.name === 'second_step');
  if (!step) return `session=${res.cookies.find((c) => c.name === 'session')!.value}`;
  const verified = await postJson(
    app,
    '/api/auth/second-step',
    { method: 'email', code: lastEmailedCode(smtp, email) },
    { cookie: `second_step=${step.value}` },
  );
  const cookie = verified.cookies.find((c) => c.name === 'session');
  if (verified.statusCode !== 200 || !cookie) throw new Error(`second step failed: ${verified.body}`);
  return `session=${cookie.value}`;
}
