import { INVALID_PAGE_KEY, type Audience } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from '../../../test/fakes/smtp';
import {
  ADMIN,
  addUser,
  createTestApp,
  csrf,
  postJson,
  signIn,
  signInWithEmailCode,
} from '../../../test/helper';
import { buildApp } from '../../app';
import { roles, sessions, users } from '../../db/schema';
import { createMailer, type Mailer } from '../../integrations/mailer';
import { billingPlans, billingSubscriptions } from '../billing/schema';
import { announcementRecipients } from './schema';

const APP_URL = 'https://miembros.example.com';
const MINUTE = 60_000;

const smtps: FakeSmtp[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(smtps.splice(0).map((smtp) => smtp.close()));
});

const mailConfig = (smtp: FakeSmtp) => ({
  smtpUrl: smtp.url,
  from: 'Comunidad <no-reply@example.com>',
  outboxDir: undefined,
});

/** The app with the local SMTP server, a clock the test moves, and the job runner looking for work often. */
async function community(options: { batchSize?: number; mailer?: (real: Mailer) => Mailer } = {}) {
  const smtp = await startFakeSmtp();
  smtps.push(smtp);
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  const overrides = {
    appUrl: APP_URL,
    mail: mailConfig(smtp),
    announcements: { perSecond: 100_000, batchSize: options.batchSize ?? 3 },
  };
  const real = createMailer(overrides.mail, { info: () => {} });
  const test = await createTestApp(overrides, {
    clock,
    jobsPollMs: 25,
    ...(options.mailer ? { mailer: options.mailer(real) } : {}),
  });
  const admin = await signInWithEmailCode(test.app, ADMIN.email, ADMIN.password, smtp);
  smtp.forget('Tu código para iniciar sesión');
  const roleId = async (name: string) =>
    (await test.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
    test.app.inject({
      method,
      url,
      headers: { ...csrf, cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const progress = async (id: number) =>
    (await call('GET', `/api/announcements/${id}`)).json<{
      status: string;
      progress: Record<string, number>;
    }>().progress;

  /** Writes and publishes an announcement now, and waits until the runner has sent it; answers its id. */
  async function publish(
    titulo: string,
    audience: Audience,
    cuerpo_html = '<p>Hola a todos</p>',
    wait = true,
  ) {
    const created = await call('POST', '/api/announcements', { titulo, cuerpo_html, audience });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    const published = await call('POST', `/api/announcements/${id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    if (wait) await expect.poll(async () => (await progress(id)).status, { timeout: 20_000 }).toBe('sent');
    return id;
  }

  const received = (subject: string) =>
    smtp
      .messages()
      .filter((mail) => mail.subject === subject)
      .flatMap((mail) => mail.to)
      .sort();

  return {
    test,
    smtp,
    admin,
    clock,
    advance: (ms: number) => {
      now += ms;
    },
    roleId,
    call,
    publish,
    progress,
    received,
  };
}

type Community = Awaited<ReturnType<typeof community>>;

/** Members of every kind an audience tells apart, and the administrator. */
async function members(c: Community) {
  const { db } = c.test;
  const [vip, cafeinas, estrategas] = [
    await c.roleId('vip'),
    await c.roleId('cafeinas'),
    await c.roleId('estrategas'),
  ];
  await db.insert(billingPlans).values([
    { role_id: vip, end_action: 'deactivate' },
    { role_id: cafeinas, end_action: 'deactivate' },
  ]);
  const ana = await addUser(db, { email: 'ana@example.com', role: 'vip' });
  const beto = await addUser(db, { email: 'beto@example.com', role: 'cafeinas' });
  const carla = await addUser(db, { email: 'carla@example.com', role: 'cafeinas' });
  const dani = await addUser(db, { email: 'dani@example.com', role: 'estrategas' });
  const eva = await addUser(db, { email: 'eva@example.com', role: 'vip', is_active: false });
  const subscribe = (userId: number, plan: number, status: string) =>
    db.insert(billingSubscriptions).values({
      user_id: userId,
      customer_id: `cus_${userId}`,
      subscription_id: `sub_${userId}`,
      plan_role_id: plan,
      status,
    });
  await subscribe(ana.id, vip, 'active');
  await subscribe(beto.id, vip, 'trialing');
  await subscribe(carla.id, cafeinas, 'past_due');
  await subscribe(eva.id, vip, 'active');
  // Dani joined two months ago and has not signed in since; the others joined now (they are not dormant).
  const longAgo = new Date(c.clock.now().getTime() - 60 * 24 * 60 * MINUTE).toISOString();
  await db.update(users).set({ created_at: longAgo }).where(eq(users.id, dani.id));
  await db.insert(sessions).values({
    id: 'sesion-vieja-dani',
    user_id: dani.id,
    created_at: longAgo,
    expires_at: new Date(c.clock.now().getTime() + MINUTE).toISOString(),
  });
  return { ana, beto, carla, dani, eva, roles: { vip, cafeinas, estrategas } };
}

const A = ADMIN.email;

describe('Comunicados: who receives what', () => {
  it('reaches each audience with one email per member, as the table says', async () => {
    const c = await community();
    const m = await members(c);
    const table: [Audience, string[]][] = [
      [{ kind: 'all', ids: [] }, [A, 'ana', 'beto', 'carla', 'dani']],
      [{ kind: 'roles', ids: [m.roles.vip] }, ['ana']],
      [{ kind: 'roles', ids: [m.roles.cafeinas, m.roles.estrategas] }, ['beto', 'carla', 'dani']],
      [{ kind: 'plans', ids: [m.roles.vip] }, ['ana', 'beto']],
      [{ kind: 'plans', ids: [m.roles.cafeinas] }, ['carla']],
      [{ kind: 'paying', ids: [] }, ['ana']],
      [{ kind: 'trial', ids: [] }, ['beto']],
      [{ kind: 'failing', ids: [] }, ['carla']],
      [{ kind: 'dormant', ids: [] }, ['dani']],
    ];
    const address = (who: string) => (who.includes('@') ? who : `${who}@example.com`);
    for (const [index, [audience, expected]] of table.entries()) {
      const reach = await c.call('POST', '/api/announcements/reach', { audience });
      expect(reach.json(), JSON.stringify(audience)).toEqual({
        members: expected.length,
        by_email: expected.length,
      });
      const titulo = `Comunicado ${index}`;
      const id = await c.publish(titulo, audience);
      expect(c.received(titulo), JSON.stringify(audience)).toEqual(expected.map(address).sort());
      expect(await c.progress(id)).toEqual({
        status: 'sent',
        total: expected.length,
        sent: expected.length,
        pending: 0,
        failed: 0,
        unsubscribed: 0,
        unknown: 0,
      });
    }
  });

  it('sends plain text and HTML, links on APP_URL, and RFC 8058 one-click headers', async () => {
    const c = await community();
    await members(c);
    const id = await c.publish(
      'Nueva clase',
      { kind: 'roles', ids: [await c.roleId('vip')] },
      '<p>Ya está <strong>publicada</strong> <a href="https://example.org/x" onclick="x()">aquí</a></p><script>alert(1)</script>',
    );
    const mail = await c.smtp.waitForMessage('ana@example.com', 'Nueva clase');
    expect(mail.text).toContain('Ya está publicada aquí (https://example.org/x)');
    expect(mail.text).toContain(`${APP_URL}/mis-comunicados/${id}`);
    expect(mail.html).toContain('<strong>publicada</strong>');
    expect(mail.html).not.toContain('script');
    expect(mail.html).not.toContain('onclick');
    // Headers as a mail client reads them (a long header is folded over lines).
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n\s+/g, ' ');
    expect(headers).toMatch(
      new RegExp(`List-Unsubscribe: <${APP_URL}/api/announcements/unsubscribe\\?token=[\\w.-]+>`),
    );
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`${APP_URL}/baja-comunicados?token=`);
  });
});

/** The one-click address of an email's List-Unsubscribe header, as a path on the app. */
const oneClickPath = (mail: ReceivedMail) => {
  const match = /List-Unsubscribe: <([^>]+)>/.exec(mail.raw.replace(/\r?\n\s+/g, ' '));
  if (!match) throw new Error('no List-Unsubscribe header');
  return match[1]!.replace(APP_URL, '');
};

describe('Comunicados: the member says no', () => {
  it('unsubscribes in one click without a session; the account emails still arrive', async () => {
    const c = await community();
    const m = await members(c);
    const vip = { kind: 'roles' as const, ids: [m.roles.vip] };
    await c.publish('Primero', vip);
    const mail = await c.smtp.waitForMessage('ana@example.com', 'Primero');

    // A mail client's POST: a form body, no cookie, no CSRF header.
    const oneClick = await c.test.app.inject({
      method: 'POST',
      url: oneClickPath(mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);

    const forged = await c.test.app.inject({
      method: 'POST',
      url: oneClickPath(mail).replace(/token=(\w+)\./, 'token=1.'),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'El enlace para darte de baja no es válido' });

    const ana = await signIn(c.test.app, m.ana.email, m.ana.password);
    const choice = await c.call('GET', '/api/account/announcement-email', undefined, ana);
    expect(choice.json()).toMatchObject({ receive: false });
    expect(choice.json<{ changed_at: string }>().changed_at).toEqual(expect.any(String));

    const id = await c.publish('Segundo', vip);
    expect(c.received('Segundo')).toEqual([]);
    expect(await c.progress(id)).toMatchObject({ total: 1, sent: 0, unsubscribed: 1, pending: 0 });
    // Still on the dashboard: the choice is about email only.
    const feed = await c.call('GET', '/api/account/announcements', undefined, ana);
    expect(feed.json<{ items: { titulo: string }[] }>().items.map((i) => i.titulo)).toEqual([
      'Segundo',
      'Primero',
    ]);

    // The account's own email is not an announcement.
    await postJson(c.test.app, '/api/accounts/password-reset/request', { email: m.ana.email });
    await expect
      .poll(() =>
        c.smtp.messages().some((mail) => mail.to.includes(m.ana.email) && /contraseña/i.test(mail.subject)),
      )
      .toBe(true);
  });

  it('keeps the /perfil choice with its date, and sends again once it is back on', async () => {
    const c = await community();
    const m = await members(c);
    const beto = await signIn(c.test.app, m.beto.email, m.beto.password);
    const before = await c.call('GET', '/api/account/announcement-email', undefined, beto);
    expect(before.json()).toEqual({ receive: true, changed_at: null });
    const off = await c.call('PUT', '/api/account/announcement-email', { receive: false }, beto);
    expect(off.json()).toMatchObject({ receive: false, changed_at: c.clock.now().toISOString() });

    await c.publish('Sin correo', { kind: 'trial', ids: [] });
    expect(c.received('Sin correo')).toEqual([]);

    await c.call('PUT', '/api/account/announcement-email', { receive: true }, beto);
    await c.publish('Con correo', { kind: 'trial', ids: [] });
    expect(c.received('Con correo')).toEqual(['beto@example.com']);
  });
});

describe('Comunicados: when the mail server refuses', () => {
  it('tries a temporary refusal again later and records a permanent one', async () => {
    const c = await community();
    const m = await members(c);
    c.smtp.refuse(m.beto.email, 451, 1);
    c.smtp.refuse(m.carla.email, 550);
    const id = await c.publish('Aviso', { kind: 'roles', ids: [m.roles.cafeinas] }, undefined, false);
    await expect
      .poll(() => c.progress(id))
      .toMatchObject({ status: 'sending', sent: 0, failed: 1, pending: 1 });
    expect(c.received('Aviso')).toEqual([]);

    // The retry waits a minute: once the clock passes it, the runner sends again.
    c.advance(2 * MINUTE);
    await expect.poll(async () => (await c.progress(id)).status).toBe('sent');
    expect(c.received('Aviso')).toEqual(['beto@example.com']);
    expect(await c.progress(id)).toEqual({
      status: 'sent',
      total: 2,
      sent: 1,
      pending: 0,
      failed: 1,
      unsubscribed: 0,
      unknown: 0,
    });
    const failing = await c.call('GET', '/api/announcements/failing-addresses');
    expect(failing.json()).toEqual({
      items: [expect.objectContaining({ user_id: m.carla.id, email: m.carla.email, code: 550 })],
    });
    const stats = await c.call('GET', '/api/announcements/stats');
    expect(stats.json()).toEqual({
      items: [expect.objectContaining({ id, titulo: 'Aviso', sent: 1, failed: 1, unsubscribed: 0 })],
    });
    const failed = await c.call('GET', `/api/announcements/${id}/recipients?status=failed`);
    expect(failed.json()).toEqual({
      items: [
        {
          user_id: m.carla.id,
          email: m.carla.email,
          status: 'failed',
          error: expect.stringContaining('550'),
        },
      ],
      next: null,
    });
  });
});

describe('Comunicados: lists read a page at a time', () => {
  /** Every page of a list, following `next`, as the «Cargar más» button does. */
  async function allPages(c: Community, url: string, cookie?: string) {
    const pages: { items: { id?: number; user_id?: number }[]; next: string | null }[] = [];
    let next: string | null = null;
    do {
      const glue = url.includes('?') ? '&' : '?';
      const res = await c.call('GET', next ? `${url}${glue}after=${next}` : url, undefined, cookie);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      next = pages.at(-1)!.next;
    } while (next);
    return pages;
  }

  it('pages the announcements, a member’s announcements and the recipients by key, none capped', async () => {
    const c = await community({ batchSize: 50 });
    const m = await members(c);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      const created = await c.call('POST', '/api/announcements', {
        titulo: `Borrador ${i}`,
        cuerpo_html: '<p>Hola</p>',
        audience: { kind: 'all', ids: [] },
      });
      ids.push(created.json<{ id: number }>().id);
      c.advance(1000);
    }
    const drafts = await allPages(c, '/api/announcements?limit=10');
    expect(drafts.map((page) => page.items.length)).toEqual([10, 10, 3]);
    expect(drafts.flatMap((page) => page.items.map((item) => item.id))).toEqual([...ids].reverse());

    // Five published to everyone: Ana reads them two at a time, newest first.
    const published: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      published.push(await c.publish(`Publicado ${i}`, { kind: 'all', ids: [] }));
      c.advance(1000);
    }
    const ana = await signIn(c.test.app, m.ana.email, m.ana.password);
    const feed = await allPages(c, '/api/account/announcements?limit=2', ana);
    expect(feed.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(feed.flatMap((page) => page.items.map((item) => item.id))).toEqual([...published].reverse());

    // The last one's five recipients (the administrator and four members) marked failed: that list pages too.
    const last = published.at(-1)!;
    await c.test.db
      .update(announcementRecipients)
      .set({ status: 'failed', error: '550 No' })
      .where(eq(announcementRecipients.announcement_id, last));
    const recipients = await allPages(c, `/api/announcements/${last}/recipients?status=failed&limit=2`);
    expect(recipients.map((page) => page.items.length)).toEqual([2, 2, 1]);
    const userIds = recipients.flatMap((page) => page.items.map((item) => item.user_id!));
    expect(userIds).toEqual([...userIds].sort((a, b) => a - b));
    expect(new Set(userIds).size).toBe(5);

    // A key the server never gave out is a Spanish 400, not a failed query.
    for (const url of [
      '/api/announcements?after=bm9wZQ',
      `/api/announcements/${last}/recipients?status=failed&after=bm9wZQ`,
    ]) {
      const res = await c.call('GET', url);
      expect([res.statusCode, res.json().error], url).toEqual([400, INVALID_PAGE_KEY]);
    }
    const res = await c.call('GET', '/api/account/announcements?after=bm9wZQ', undefined, ana);
    expect([res.statusCode, res.json().error]).toEqual([400, INVALID_PAGE_KEY]);
  });
});

describe('Comunicados: sending survives', () => {
  /** `n` VIP members, in the order the sending reaches them (by id). */
  async function crowd(c: Community, n: number) {
    const added = [];
    for (let i = 0; i < n; i += 1) {
      added.push(await addUser(c.test.db, { email: `miembro${i}@example.com`, role: 'vip' }));
    }
    return added;
  }

  const copiesPerAddress = (c: Community, subject: string) => {
    const copies = new Map<string, number>();
    for (const to of c.received(subject)) copies.set(to, (copies.get(to) ?? 0) + 1);
    return copies;
  };

  it('records each publication, pause, resumption and cancellation in Historial', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The announcement's messages wait: its sending stays under way while the administrator acts on it.
    const c = await community({
      mailer: (real) => ({
        ...real,
        send: async (message) => {
          if (message.subject === 'Cambio de horario') await held;
          return real.send(message);
        },
      }),
    });
    await members(c);
    const id = await c.publish('Cambio de horario', { kind: 'all', ids: [] }, '<p>Nuevo horario</p>', false);
    await expect
      .poll(async () => (await c.call('GET', `/api/announcements/${id}`)).json().status)
      .toBe('sending');
    for (const [action, status] of [
      ['pause', 'paused'],
      ['resume', 'sending'],
      ['cancel', 'cancelled'],
    ] as const) {
      const res = await c.call('POST', `/api/announcements/${id}/control`, { action });
      expect([res.statusCode, res.json().status], res.body).toEqual([200, status]);
    }
    release();
    const kinds = (await c.call('GET', '/api/admin/history')).json<{ items: { kind: string }[] }>().items;
    expect(kinds.map((entry) => entry.kind).filter((kind) => kind.startsWith('announcement.'))).toEqual([
      'announcement.cancel',
      'announcement.resume',
      'announcement.pause',
      'announcement.publish',
    ]);
  });

  it('two nodes with their own runners send each member exactly one copy', async () => {
    const c = await community({ batchSize: 4 });
    await crowd(c, 25);
    const other = await buildApp(c.test.config, { db: c.test.database, clock: c.clock, jobsPollMs: 25 });
    closers.push(() => other.close());
    await other.ready();
    const id = await c.publish('Dos nodos', { kind: 'roles', ids: [await c.roleId('vip')] });
    const copies = copiesPerAddress(c, 'Dos nodos');
    expect(copies.size).toBe(25);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    expect(await c.progress(id)).toMatchObject({ status: 'sent', total: 25, sent: 25, pending: 0 });
  });

  it('a node stalled mid-send: another takes over the rest, the handed-over one is unknown, never resent', async () => {
    // Node A sends three messages of its first batch; the fourth is handed to the mailer, which stalls (a
    // process frozen between the mail server's answer and its commit, as far as the database can tell).
    let sends = 0;
    let wake: () => Promise<void> = async () => {};
    const c = await community({
      batchSize: 5,
      mailer: (real) => ({
        kept: real.kept,
        close: () => real.close(),
        async send(message) {
          if (message.subject !== 'Tras la caída') return real.send(message);
          sends += 1;
          if (sends === 4) {
            // When A wakes, the message does go out and the server answers 250.
            return new Promise<void>((resolve, reject) => {
              wake = () => real.send(message).then(resolve, reject);
            });
          }
          return real.send(message);
        },
      }),
    });
    closers.push(() => wake());
    const crowdList = await crowd(c, 12);
    const id = await c.publish(
      'Tras la caída',
      { kind: 'roles', ids: [await c.roleId('vip')] },
      undefined,
      false,
    );
    await expect.poll(() => c.received('Tras la caída')).toHaveLength(3);
    await expect.poll(() => sends).toBe(4);

    // Node B starts on the same database once the leases of A's job and claims have run out.
    c.advance(16 * MINUTE);
    const b = await buildApp(c.test.config, { db: c.test.database, clock: c.clock, jobsPollMs: 25 });
    closers.push(() => b.close());
    await b.ready();
    await expect.poll(async () => (await c.progress(id)).status, { timeout: 20_000 }).toBe('sent');
    // The fourth member is not sent a message by B: A may have delivered it. Counted apart and listed.
    expect(await c.progress(id)).toMatchObject({ total: 12, sent: 11, unknown: 1, pending: 0 });
    const copies = copiesPerAddress(c, 'Tras la caída');
    expect(copies.size).toBe(11);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const unknown = await c.call('GET', `/api/announcements/${id}/recipients?status=unknown`);
    expect(unknown.json()).toEqual({
      items: [{ user_id: crowdList[3]!.id, email: crowdList[3]!.email, status: 'unknown', error: null }],
      next: null,
    });

    // A wakes up late and its message goes out: its answer replaces the unknown; still one copy each.
    await wake();
    await expect.poll(async () => (await c.progress(id)).unknown).toBe(0);
    expect(await c.progress(id)).toMatchObject({ status: 'sent', total: 12, sent: 12, pending: 0 });
    const after = copiesPerAddress(c, 'Tras la caída');
    expect(after.size).toBe(12);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    expect(sends).toBe(4);
    const rows = await c.test.db
      .select({ status: announcementRecipients.status })
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcement_id, id));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });
});
