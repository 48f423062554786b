import { DATA_ARCHIVE_MESSAGES, dataArchiveDownloadPath, type DataArchiveState } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN,
  addUser,
  createTestApp,
  csrf,
  postJson,
  signIn,
  signInWithEmailCode,
} from '../../../test/helper';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import {
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fakes/stripe';
import { SEEDED_TOTP_SECRET, seedMemberData } from '../../../test/support/member-data';
import { roles, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { auditLog } from '../history/schema';
import { sentEmails } from '../notifications/schema';
import { ARCHIVE_PARTS } from '../../personal-data';
import { INDEX_FILE, README_FILE } from './build';
import { dataArchives } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the test moves forward by hand. */
function movableClock(start = '2026-11-26T12:00:00.000Z'): Clock & { advance(ms: number): void } {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'POST', url, headers: { ...csrf, cookie } });

/** Polls the state, as the screen does, until the archive is no longer being made. */
async function whenFinished(app: FastifyInstance, url: string, cookie: string): Promise<DataArchiveState> {
  return vi.waitFor(
    async () => {
      const state = (await get(app, url, cookie)).json<DataArchiveState>();
      if (!state.archive || ['pending', 'running'].includes(state.archive.status)) throw new Error('not yet');
      return state;
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** The ZIP's files as text. */
function filesOf(zip: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(zip))).map(([n, b]) => [n, strFromU8(b)]),
  );
}

let smtp: FakeSmtp | undefined;
const stripes: FakeStripe[] = [];
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  await Promise.all(stripes.splice(0).map((fake) => fake.close()));
});

/** Signs a seeded member in again: their seeded authenticator app answers the second step. */
async function signInAgain(
  app: FastifyInstance,
  member: { email: string; password: string },
  clock: Clock,
): Promise<string> {
  const login = await postJson(app, '/api/auth/login', { email: member.email, password: member.password });
  const step = login.cookies.find((c) => c.name === 'second_step');
  expect(step, login.body).toBeDefined();
  const code = new TOTP({ secret: Secret.fromBase32(SEEDED_TOTP_SECRET) }).generate({
    timestamp: clock.now().getTime(),
  });
  const done = await postJson(
    app,
    '/api/auth/second-step',
    { method: 'totp', code },
    { cookie: `second_step=${step!.value}` },
  );
  const session = done.cookies.find((c) => c.name === 'session');
  expect(session, done.body).toBeDefined();
  return `session=${session!.value}`;
}

/** An invoice at the fake Stripe for a seeded member's customer. */
const invoiceFor = (mark: string, amount: number) => ({
  id: `in_${mark}`,
  object: 'invoice',
  customer: `cus_${mark}`,
  number: `F-${mark}`,
  status: 'paid',
  amount_due: amount,
  amount_paid: amount,
  currency: 'eur',
  created: Date.parse('2026-10-01T09:00:00.000Z') / 1000,
});

async function setUp() {
  const clock = movableClock();
  smtp = await startFakeSmtp();
  const fake = await startFakeStripe();
  stripes.push(fake);
  fake.invoices.set('in_ALFAMARK', invoiceFor('ALFAMARK', 4900));
  fake.invoices.set('in_ZZBETAMARK', invoiceFor('ZZBETAMARK', 1900));
  const t = await createTestApp(
    {
      mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
      stripe: { secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.baseUrl },
    },
    { clock },
  );
  const alfa = await addUser(t.db, { email: 'alfa@example.com', username: 'alfa' });
  const zeta = await addUser(t.db, { email: 'zzbeta@example.com', username: 'zzbeta' });
  // Signed in first: the seeded authenticator app and passkey would ask each for a second step.
  const alfaCookie = await signIn(t.app, alfa.email, alfa.password);
  const zetaCookie = await signIn(t.app, zeta.email, zeta.password);
  await seedMemberData(t.db, { id: alfa.id, mark: 'ALFAMARK' });
  await seedMemberData(t.db, { id: zeta.id, mark: 'ZZBETAMARK' });
  return { ...t, clock, alfa, zeta, alfaCookie, zetaCookie };
}

describe('a member’s data archive', () => {
  it('holds every file with the member’s data, README first, and nothing of another member', async () => {
    const { app, alfaCookie, zetaCookie } = await setUp();
    // The other member's archive exists too, so their request row is in the database as well.
    expect((await post(app, '/api/accounts/data-archive', zetaCookie)).statusCode).toBe(200);
    const asked = await post(app, '/api/accounts/data-archive', alfaCookie);
    expect(asked.statusCode).toBe(200);
    const state = await whenFinished(app, '/api/accounts/data-archive', alfaCookie);
    expect(state.archive).toMatchObject({ status: 'ready', progress: 100, downloadable: true });

    const res = await get(app, dataArchiveDownloadPath(state.archive!.id), alfaCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="datos-alfa-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = filesOf(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [README_FILE, INDEX_FILE, ...ARCHIVE_PARTS.map((p) => p.file)].sort(),
    );
    // indice.json and the files agree: each file listed once, a CSV's header and rows as it says.
    const index = JSON.parse(files[INDEX_FILE]!) as {
      archivos: {
        archivo: string;
        formato: string;
        descripcion: string;
        columnas?: string[];
        filas?: number;
      }[];
    };
    expect(index.archivos.map((entry) => entry.archivo).sort()).toEqual(
      Object.keys(files)
        .filter((name) => name !== README_FILE && name !== INDEX_FILE)
        .sort(),
    );
    for (const entry of index.archivos) {
      const text = files[entry.archivo]!;
      expect(entry.formato, entry.archivo).toBe(entry.archivo.endsWith('.csv') ? 'csv' : 'json');
      expect(entry.descripcion.length, entry.archivo).toBeGreaterThan(10);
      if (entry.formato === 'csv') {
        const lines = text.trimEnd().split('\r\n');
        expect(lines[0], entry.archivo).toBe(entry.columnas!.join(','));
        // The seed's texts hold no line breaks: one line per row.
        expect(lines.length - 1, entry.archivo).toBe(entry.filas);
      } else {
        const value = JSON.parse(text) as unknown;
        expect(entry.filas, entry.archivo).toBe(Array.isArray(value) ? value.length : undefined);
      }
    }
    for (const part of ARCHIVE_PARTS) expect(files[README_FILE]).toContain(part.file);

    for (const [name, text] of Object.entries(files)) {
      // No trace of the other member: their name, email, Stripe ids or any text of theirs.
      expect(text.toLowerCase(), name).not.toContain('zzbeta');
      // Never a secret: a link's token hash or a session's id.
      expect(text, name).not.toMatch(/hash-(reset|confirm|espera)|sesion-ALFAMARK/);
    }
    // Each file holds the member's own rows (the seed gave them one everywhere).
    for (const part of ARCHIVE_PARTS) {
      const text = files[part.file]!;
      if (part.kind === 'csv') expect(text.trim().split('\r\n').length, part.file).toBeGreaterThan(1);
      else expect(text.trim(), part.file).not.toMatch(/^(null|\[\]|\{\})$/);
    }
    // Spanish throughout: no stored English name as a header or key, no stored English state as a value.
    const english =
      /\b(created_at|customer_id|expires_at|requested_at|subject|status|is_active|user_agent)\b/;
    for (const [name, text] of Object.entries(files)) {
      if (name.endsWith('.csv')) expect(text.split('\r\n')[0], name).not.toMatch(english);
      else if (name.endsWith('.json'))
        expect(text.match(/"[a-z_]+":/g)?.join(' ') ?? '', name).not.toMatch(english);
    }
    expect(files['suscripcion.json']).not.toMatch(/"(active|trialing|past_due|canceled|unpaid)"/);
    expect(files['archivos-de-datos.csv']).not.toMatch(/running|pending|ready|failed/);
    expect(files['perfil.json']).toContain('alfa@example.com');
    expect(files['correos.csv']).toContain('Asunto ALFAMARK');
    expect(files['redgram-historial.json']).toContain('Variante ALFAMARK');
    expect(files['videos-vistos.csv']).toContain('Clase ALFAMARK');
    expect(files['historial-de-la-cuenta.csv']).toContain('Plan-ALFAMARK');
    expect(files['suscripcion.json']).toContain('cus_ALFAMARK');
    // The payments, read from Stripe when the archive was made.
    expect(files['pagos.csv']).toContain('2026-10-01T09:00:00.000Z,F-ALFAMARK,Pagada,49.00,EUR');
  });

  it('is asked for once a day: a second request is refused in Spanish until 24 hours have passed', async () => {
    const { app, clock, alfa, alfaCookie } = await setUp();
    expect((await post(app, '/api/accounts/data-archive', alfaCookie)).statusCode).toBe(200);
    await whenFinished(app, '/api/accounts/data-archive', alfaCookie);

    clock.advance(DAY_MS - 60_000);
    // A session lasts less than the wait: the member signs in again, as they would.
    const cookie = await signInAgain(app, alfa, clock);
    const again = await post(app, '/api/accounts/data-archive', cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json<{ error: string }>().error).toMatch(
      /^Ya pediste un archivo de tus datos en las últimas 24 horas/,
    );
    expect(Number(again.headers['retry-after'])).toBe(60);
    const state = (await get(app, '/api/accounts/data-archive', cookie)).json<DataArchiveState>();
    expect(state.next_request_at).toBe('2026-11-27T12:00:00.000Z');

    clock.advance(60_000);
    expect((await post(app, '/api/accounts/data-archive', cookie)).statusCode).toBe(200);
  });

  it('downloads for 7 days and then answers 410, and drops the ZIP at the next sweep', async () => {
    const { app, clock, database, alfa, alfaCookie } = await setUp();
    await post(app, '/api/accounts/data-archive', alfaCookie);
    const { archive } = await whenFinished(app, '/api/accounts/data-archive', alfaCookie);
    const url = dataArchiveDownloadPath(archive!.id);

    clock.advance(7 * DAY_MS - 1);
    const cookie = await signInAgain(app, alfa, clock);
    expect((await get(app, url, cookie)).statusCode).toBe(200);
    clock.advance(2);
    const late = await get(app, url, cookie);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: DATA_ARCHIVE_MESSAGES.expired });
    expect(
      (await get(app, '/api/accounts/data-archive', cookie)).json<DataArchiveState>().archive,
    ).toMatchObject({
      status: 'ready',
      downloadable: false,
    });

    // A new request runs the sweep, which clears every expired ZIP.
    clock.advance(DAY_MS);
    const next = await signInAgain(app, alfa, clock);
    expect((await post(app, '/api/accounts/data-archive', next)).statusCode).toBe(200);
    await whenFinished(app, '/api/accounts/data-archive', next);
    const [old] = await database.read
      .select({ content: dataArchives.content })
      .from(dataArchives)
      .where(eq(dataArchives.id, archive!.id));
    expect(old?.content).toBeNull();
  });

  it('is refused to another member, to an administrator and to a visitor', async () => {
    const { app, alfaCookie, zetaCookie } = await setUp();
    await post(app, '/api/accounts/data-archive', alfaCookie);
    const { archive } = await whenFinished(app, '/api/accounts/data-archive', alfaCookie);
    const url = dataArchiveDownloadPath(archive!.id);
    const adminCookie = await signInWithEmailCode(app, ADMIN.email, ADMIN.password, smtp!);

    for (const cookie of [zetaCookie, adminCookie]) {
      const res = await get(app, url, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: DATA_ARCHIVE_MESSAGES.notFound });
    }
    expect((await get(app, url)).statusCode).toBe(401);
    // The other member's own state shows nothing of it.
    expect((await get(app, '/api/accounts/data-archive', zetaCookie)).json()).toEqual({
      archive: null,
      next_request_at: null,
    });
  });

  it('emails the member when ready, and the email joins the list of emails sent to them', async () => {
    const { app, db, alfa, alfaCookie } = await setUp();
    await post(app, '/api/accounts/data-archive', alfaCookie);
    const mail = await smtp!.waitForMessage(alfa.email, 'Tu archivo de datos está listo');
    expect(mail.text).toContain('Hola, alfa:');
    // Straight to the download, not the top of the profile.
    expect(mail.text).toContain('/perfil#mis-datos');
    expect(mail.text).toContain('durante 7 días');
    await vi.waitFor(async () => {
      const rows = await db
        .select({ subject: sentEmails.subject })
        .from(sentEmails)
        .where(
          and(eq(sentEmails.user_id, alfa.id), eq(sentEmails.subject, 'Tu archivo de datos está listo')),
        );
      expect(rows).toHaveLength(1);
    });
  });
});

describe('an administrator’s archive of a member', () => {
  it('is made from the users table, named in Historial, emailed to the administrator and theirs alone', async () => {
    const { app, db, zeta, alfaCookie, zetaCookie } = await setUp();
    const adminCookie = await signInWithEmailCode(app, ADMIN.email, ADMIN.password, smtp!);
    const url = `/api/admin/users/${zeta.id}/data-archive`;
    expect((await post(app, url, alfaCookie)).statusCode).toBe(403);

    const asked = await post(app, url, adminCookie);
    expect(asked.statusCode).toBe(200);
    const { archive } = await whenFinished(app, url, adminCookie);
    expect(archive).toMatchObject({ status: 'ready', user_id: zeta.id });

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.kind, 'user.data_archive'));
    expect(entry).toMatchObject({
      actor_email: ADMIN.email,
      entity_type: 'user',
      entity_id: zeta.id,
      entity_label: 'zzbeta',
    });

    const download = await get(app, dataArchiveDownloadPath(archive!.id), adminCookie);
    expect(download.statusCode).toBe(200);
    const files = filesOf(download.rawPayload);
    expect(files['perfil.json']).toContain('zzbeta@example.com');
    expect(JSON.stringify(files).toLowerCase()).not.toContain('alfamark');
    // The member did not ask for this one: it is the administrator's to download.
    expect((await get(app, dataArchiveDownloadPath(archive!.id), zetaCookie)).statusCode).toBe(404);
    const mail = await smtp!.waitForMessage(ADMIN.email, 'El archivo de datos de zzbeta está listo');
    expect(mail.text).toContain('/config');
    // The member is told an administrator holds a copy of their data.
    const told = await smtp!.waitForMessage(
      zeta.email,
      'Un administrador ha preparado una copia de tus datos',
    );
    expect(told.text).toContain('/perfil#mis-datos');
  });

  it('is refused to an administrator who no longer holds Configuración when downloading', async () => {
    const { app, db, zeta } = await setUp();
    const other = await addUser(db, {
      email: 'otra-admin@example.com',
      username: 'otraadmin',
      role: 'admin',
    });
    const cookie = await signInWithEmailCode(app, other.email, other.password, smtp!);
    const url = `/api/admin/users/${zeta.id}/data-archive`;
    expect((await post(app, url, cookie)).statusCode).toBe(200);
    const { archive } = await whenFinished(app, url, cookie);
    expect((await get(app, dataArchiveDownloadPath(archive!.id), cookie)).statusCode).toBe(200);

    // Demoted to a member's role: the archive of someone else is no longer theirs to take.
    const [member] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'cafeinas'));
    await db.update(users).set({ role_id: member!.id }).where(eq(users.id, other.id));
    const res = await get(app, dataArchiveDownloadPath(archive!.id), cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: DATA_ARCHIVE_MESSAGES.notFound });
  });

  it('answers 404 for an account that does not exist', async () => {
    const { app } = await setUp();
    const adminCookie = await signInWithEmailCode(app, ADMIN.email, ADMIN.password, smtp!);
    const res = await post(app, '/api/admin/users/999999/data-archive', adminCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBeTypeOf('string');
  });
});
