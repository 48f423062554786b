/**
 * Two API processes on one database: whatever one node writes, the other answers from at once —
 * accounts, content, deactivations and the login limit. Runs on SQLite (one file) and on PostgreSQL.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES, stripeWebhook } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../src/db/client';
import { openPgAppDatabase } from '../src/db/client.pg';
import { roles, users } from '../src/db/schema';
import { ARGON2ID_BASELINE } from '../src/lib/password';
import { auditLog } from '../src/modules/history/schema';
import { billingEvents, billingPlans, billingPrices } from '../src/modules/billing/schema';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripeClient,
  startFakeStripe,
  type FakeStripe,
} from './fakes/stripe';
import { databaseForServers, ENGINE } from './support/engine';
import { createSoftAuthenticator } from './support/passkey-authenticator';
import { login, startServer, type ServerProcess, serversTimeout } from './support/server-process';

const ADMIN = { email: 'jefa@example.com', password: 'jefa-secret-larga' };
const APP_URL = 'http://localhost:8080';

let a: ServerProcess;
let b: ServerProcess;
let dispose: () => Promise<void>;
let fakeStripe: FakeStripe;
let databaseUrl: string;

beforeAll(async () => {
  const database = await databaseForServers();
  dispose = database.dispose;
  databaseUrl = database.url;
  fakeStripe = await startFakeStripe();
  const env = {
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fakeStripe.baseUrl,
    // One public address for both, as behind a load balancer: passkeys are bound to it.
    APP_URL,
  };
  // One after the other, as a rolling deploy does: the first creates the administrator and the session secret.
  a = await startServer(env);
  b = await startServer(env);
}, serversTimeout(2));

afterAll(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await fakeStripe?.close();
  await dispose?.();
});

/** The test's own handle on the database both servers use. */
async function openServersDatabase(): Promise<AppDatabase> {
  return ENGINE === 'postgres'
    ? openPgAppDatabase(databaseUrl, { max: 2 })
    : openDatabase(databaseUrl.slice('file:'.length));
}

async function call(
  node: ServerProcess,
  method: string,
  url: string,
  cookie?: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

describe(`two API nodes on one ${ENGINE} database`, () => {
  it('a member created on node A signs in on node B; deactivated on A, they are refused on B at once', async () => {
    const admin = await login(a.url, ADMIN.email, ADMIN.password);
    const created = await call(a, 'POST', '/api/admin/users', admin.cookie, {
      username: 'nodos',
      email: 'nodos@example.com',
      password: 'nodos-secret',
      role_id: 3,
      is_active: true,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = (created.json as { id: number }).id;

    const member = await login(b.url, 'nodos@example.com', 'nodos-secret');
    expect((await call(b, 'GET', '/api/auth/me', member.cookie)).status).toBe(200);
    // A server hashes at OWASP's baseline; only the test runner's own workers hash cheaper.
    const database = await openServersDatabase();
    try {
      const [stored] = await database.read
        .select({ hash: users.password_hash })
        .from(users)
        .where(eq(users.id, id));
      const { memoryCost, timeCost, parallelism } = ARGON2ID_BASELINE;
      // `$argon2id$v=19$m=…,t=…,p=…$salt$hash`
      expect(stored?.hash.split('$').slice(1, 4)).toEqual([
        'argon2id',
        'v=19',
        `m=${memoryCost},t=${timeCost},p=${parallelism}`,
      ]);
    } finally {
      await database.close();
    }

    const deactivated = await call(a, 'PUT', `/api/admin/users/${id}`, admin.cookie, {
      username: 'nodos',
      email: 'nodos@example.com',
      role_id: 3,
      is_active: false,
    });
    expect(deactivated.status, JSON.stringify(deactivated.json)).toBe(200);
    // The very next request on the other node, with the session it opened before.
    const refused = await call(b, 'GET', '/api/auth/me', member.cookie);
    expect(refused.status).toBe(401);
  }, 60_000);

  it('a video created on node A is listed on node B at once', async () => {
    const admin = await login(a.url, ADMIN.email, ADMIN.password);
    const category = await call(a, 'POST', '/api/membresia/categorias', admin.cookie, { nombre: 'Nodos' });
    expect(category.status, JSON.stringify(category.json)).toBe(200);
    const video = await call(a, 'POST', '/api/membresia/videos', admin.cookie, {
      titulo: 'Clase creada en A',
      categoria_id: (category.json as { id: number }).id,
      url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view?usp=sharing',
    });
    expect(video.status, JSON.stringify(video.json)).toBe(200);

    const listed = await call(b, 'GET', '/api/membresia/videos', admin.cookie);
    expect(listed.status).toBe(200);
    expect((listed.json as { items: { titulo: string }[] }).items.map((v) => v.titulo)).toContain(
      'Clase creada en A',
    );
  }, 60_000);

  it('12 wrong passwords for one account, alternating between A and B, get at most 5 answers before the 429', async () => {
    const created = await call(
      a,
      'POST',
      '/api/admin/users',
      (await login(a.url, ADMIN.email, ADMIN.password)).cookie,
      {
        username: 'objetivo',
        email: 'objetivo@example.com',
        password: 'objetivo-secret',
        role_id: 3,
        is_active: true,
      },
    );
    expect(created.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/login', undefined, {
        email: 'objetivo@example.com',
        password: `wrong-password-${i}`,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json).toEqual({ error: MESSAGES.tooManyAttempts });
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, statuses.join(' ')).toBeGreaterThan(-1);
    expect(firstRefusal, statuses.join(' ')).toBeLessThanOrEqual(5);
    expect(
      statuses.slice(firstRefusal).every((s) => s === 429),
      statuses.join(' '),
    ).toBe(true);
  }, 60_000);

  it('a Stripe event delivered to both nodes at once is applied once', async () => {
    // The test's own handle on the servers' database, to set up the plan and count what was written.
    const database = await openServersDatabase();
    try {
      await database.transaction(async (tx) => {
        const [vip] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
        await tx.insert(billingPlans).values({ role_id: vip!.id, end_action: 'deactivate' });
        await tx.insert(billingPrices).values({
          price_id: FAKE_PRICES.vipMonthly.id,
          role_id: vip!.id,
          amount: 4900,
          currency: 'eur',
          interval: 'month',
        });
      });
      const statuses: number[] = [];
      fakeStripe.deliver = async ({ payload, signature }) => {
        const answers = await Promise.all(
          [a, b].map((node) =>
            fetch(`${node.url}${stripeWebhook.path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
              body: payload,
            }),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      };
      const stripe = fakeStripeClient(fakeStripe);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: FAKE_PRICES.vipMonthly.id, quantity: 1 }],
        success_url: 'http://localhost/planes',
        cancel_url: 'http://localhost/planes',
      });
      await fakeStripe.completeCheckout(session.id, 'dos.nodos@example.com');

      expect(statuses).toEqual([200, 200, 200, 200]);
      const accounts = await database.read
        .select({ role: roles.name, is_active: users.is_active })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(eq(users.email, 'dos.nodos@example.com'));
      expect(accounts).toEqual([{ role: 'vip', is_active: true }]);
      const [created] = await database.read
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.kind, 'billing.account.create'));
      expect(created?.n).toBe(1);
      const [events] = await database.read.select({ n: count() }).from(billingEvents);
      expect(events?.n).toBe(2);
    } finally {
      fakeStripe.deliver = undefined;
      await database.close();
    }
  }, 60_000);

  /** A new active member, made by the administrator on node A. */
  async function newMember(email: string, password: string): Promise<void> {
    const admin = await login(a.url, ADMIN.email, ADMIN.password);
    const created = await call(a, 'POST', '/api/admin/users', admin.cookie, {
      username: email.split('@')[0],
      email,
      password,
      role_id: 3,
      is_active: true,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
  }

  it('a session ended on node B is refused on node A at its next request', async () => {
    await newMember('sesiones@example.com', 'sesiones-secret');
    const laptop = await login(a.url, 'sesiones@example.com', 'sesiones-secret');
    const phone = await login(a.url, 'sesiones@example.com', 'sesiones-secret');
    expect((await call(a, 'GET', '/api/auth/me', phone.cookie)).status).toBe(200);

    const listed = await call(b, 'GET', '/api/account/sessions', laptop.cookie);
    const sessions = (listed.json as { sessions: { id: string; current: boolean }[] }).sessions;
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
    const other = sessions.find((s) => !s.current)!;
    expect((await call(b, 'DELETE', `/api/account/sessions/${other.id}`, laptop.cookie)).status).toBe(200);

    expect((await call(a, 'GET', '/api/auth/me', phone.cookie)).status).toBe(401);
    expect((await call(a, 'GET', '/api/auth/me', laptop.cookie)).status).toBe(200);
  }, 60_000);

  it('a passkey challenge issued by node A is answered on node B, once', async () => {
    await newMember('llaves@example.com', 'llaves-secret');
    const member = await login(a.url, 'llaves@example.com', 'llaves-secret');
    const authenticator = createSoftAuthenticator(APP_URL);
    // The identity confirmed on node B counts on node A (sudo mode lives in the session row).
    const confirmed = await call(b, 'POST', '/api/account/confirm-identity', member.cookie, {
      password: 'llaves-secret',
    });
    expect(confirmed.status).toBe(200);
    const creation = await call(a, 'POST', '/api/account/passkeys/options', member.cookie);
    const options = creation.json as { challenge: string; user: { id: string } };
    const added = await call(b, 'POST', '/api/account/passkeys', member.cookie, {
      name: 'Portátil',
      response: authenticator.create(options),
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);

    const request = (await call(a, 'POST', '/api/auth/passkey/options')).json as { challenge: string };
    const assertion = authenticator.get(request);
    const signedIn = await call(b, 'POST', '/api/auth/passkey', undefined, { response: assertion });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const replayed = await call(a, 'POST', '/api/auth/passkey', undefined, { response: assertion });
    expect(replayed.status).toBe(400);
  }, 60_000);
});
