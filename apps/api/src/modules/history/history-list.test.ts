import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '@app/contracts';
import { recountAll } from '../../recount-all';
import { users } from '../../db/schema';
import { addUser, ADMIN, createTestApp, csrf, signIn } from '../../../test/helper';
import { client } from '../../../test/support/library';
import { auditLog } from './schema';

type Row = typeof auditLog.$inferInsert;

const row = (created_at: string, overrides: Partial<Row> = {}): Row => ({
  actor_id: 1,
  actor_name: 'admin',
  actor_email: 'admin@example.com',
  kind: 'user.update',
  entity_type: 'user',
  entity_id: 7,
  entity_label: 'socia',
  summary: JSON.stringify({ changes: [{ field: 'role', before: 'cafeinas', after: 'vip' }] }),
  created_at,
  ...overrides,
});

async function setup(...args: Parameters<typeof createTestApp>) {
  const t = await createTestApp(...args);
  const as = client(t.app, await signIn(t.app, ADMIN.email, ADMIN.password));
  const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
  return { ...t, as, adminId: admin!.id };
}

describe('who may read the history', () => {
  it('refuses members without the config permission (403) and signed-out callers (401)', async () => {
    const t = await setup();
    const vip = await addUser(t.db, { email: 'vip@example.com', role: 'vip' });
    const asVip = client(t.app, await signIn(t.app, vip.email, vip.password));
    for (const [method, url] of [
      ['GET', '/api/admin/history'],
      ['GET', '/api/admin/history/actors'],
      ['POST', '/api/admin/history/export'],
    ] as const) {
      const member = await asVip(method, url, method === 'POST' ? {} : undefined);
      expect(member.statusCode, url).toBe(403);
      expect(member.json().error).toEqual(expect.any(String));
      expect((await t.app.inject({ method, url, headers: csrf })).statusCode, url).toBe(401);
    }
  });
});

describe('the history list', () => {
  it('pages newest first, the id breaking ties, in the shared page shape', async () => {
    const t = await setup();
    await t.db
      .insert(auditLog)
      .values([
        row('2026-03-01T10:00:00.000Z', { entity_label: 'a' }),
        row('2026-03-02T10:00:00.000Z', { entity_label: 'b' }),
        row('2026-03-02T10:00:00.000Z', { entity_label: 'c' }),
        row('2026-03-03T10:00:00.000Z', { entity_label: 'd' }),
        row('2026-03-04T10:00:00.000Z', { entity_label: 'e' }),
      ]);
    // Written below the recorder, so its kept counts are computed as a seed's are.
    await recountAll(t.database);
    const first = (await t.as('GET', '/api/admin/history?pageSize=2')).json();
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((e: { entity_label: string }) => e.entity_label)).toEqual(['e', 'd']);
    const second = (await t.as('GET', '/api/admin/history?pageSize=2&page=2')).json();
    expect(second.items.map((e: { entity_label: string }) => e.entity_label)).toEqual(['c', 'b']);
    expect(second.items[0]).toEqual({
      id: expect.any(Number),
      actor_id: 1,
      actor_name: 'admin',
      actor_email: 'admin@example.com',
      kind: 'user.update',
      entity_type: 'user',
      entity_id: 7,
      entity_label: 'c',
      changes: [{ field: 'role', before: 'cafeinas', after: 'vip' }],
      created_at: '2026-03-02T10:00:00.000Z',
    });
    const past = (await t.as('GET', '/api/admin/history?pageSize=2&page=9')).json();
    expect(past).toMatchObject({ items: [], total: 5 });
  });

  it('filters by admin, by kind and by days of the server time zone', async () => {
    const t = await setup({ timeZone: 'Europe/Madrid' });
    await t.db.insert(auditLog).values([
      // 00:30 on 2 March in Madrid, still 1 March in UTC.
      row('2026-03-01T23:30:00.000Z', { entity_label: 'madrid-2-march' }),
      row('2026-03-01T22:30:00.000Z', { entity_label: 'madrid-1-march' }),
      row('2026-03-05T12:00:00.000Z', { entity_label: 'other-admin', actor_id: 2, actor_name: 'otra' }),
      row('2026-03-05T13:00:00.000Z', { entity_label: 'role', kind: 'role.create', entity_type: 'role' }),
    ]);
    const labels = async (query: string) =>
      (await t.as('GET', `/api/admin/history?${query}`))
        .json()
        .items.map((e: { entity_label: string }) => e.entity_label);
    expect(await labels('actor_id=2')).toEqual(['other-admin']);
    expect(await labels('kind=role.create')).toEqual(['role']);
    expect(await labels('from=2026-03-02&to=2026-03-02')).toEqual(['madrid-2-march']);
    expect(await labels('to=2026-03-01')).toEqual(['madrid-1-march']);
    expect(await labels('from=2026-03-02&actor_id=1')).toEqual(['role', 'madrid-2-march']);
    const total = (await t.as('GET', '/api/admin/history?from=2026-03-05&kind=user.update')).json().total;
    expect(total).toBe(1);
  });

  it('answers a clear Spanish 400 to a reversed range, a bad date or an unknown kind', async () => {
    const t = await setup();
    const reversed = await t.as('GET', '/api/admin/history?from=2026-03-05&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: HISTORY_MESSAGES.badRange, field: 'from' });
    const badDate = await t.as('GET', '/api/admin/history?from=ayer');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toContain(HISTORY_MESSAGES.badDate);
    expect((await t.as('GET', '/api/admin/history?kind=user.hack')).statusCode).toBe(400);
  });

  it('lists the admins that appear, each once under their latest name', async () => {
    const t = await setup();
    await t.db
      .insert(auditLog)
      .values([
        row('2026-03-01T10:00:00.000Z', { actor_id: 5, actor_name: 'zoe-antes' }),
        row('2026-03-02T10:00:00.000Z', { actor_id: 5, actor_name: 'zoe' }),
        row('2026-03-02T11:00:00.000Z', { actor_id: 1, actor_name: 'admin' }),
        row('2026-03-02T12:00:00.000Z', { actor_id: null, actor_name: 'línea de comandos' }),
      ]);
    expect((await t.as('GET', '/api/admin/history/actors')).json()).toEqual([
      { id: 1, username: 'admin' },
      { id: 5, username: 'zoe' },
    ]);
  });
});

describe('the CSV export', () => {
  it('holds the filtered entries, newest first, with Spanish labels and dates in the server zone', async () => {
    const t = await setup({ timeZone: 'Europe/Madrid' });
    await t.db
      .insert(auditLog)
      .values([
        row('2026-03-01T23:30:00.000Z', { entity_label: 'socia' }),
        row('2026-03-03T09:05:00.000Z', { entity_label: '=HYPERLINK("x")', kind: 'user.delete' }),
        row('2026-03-04T09:05:00.000Z', { entity_label: 'vip', kind: 'role.create', entity_type: 'role' }),
      ]);
    const res = await t.as('POST', '/api/admin/history/export', { kind: 'user.update' });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file.filename).toMatch(/^historial-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.rows).toBe(1);
    expect(file.csv).toBe(
      '\uFEFFFecha,Administrador,Email,Acción,Elemento,Cambios\r\n' +
        '02/03/2026 00:30,admin,admin@example.com,Usuario editado,socia,Rol: Cafeínas → VIP\r\n',
    );
    const all = (await t.as('POST', '/api/admin/history/export', {})).json();
    expect(all.rows).toBe(3);
    const lines = (all.csv as string).split('\r\n');
    expect(lines[1]).toContain('Rol creado');
    // A cell a spreadsheet would run as a formula is written inert.
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe("the acting admin's email (issue 35)", () => {
  it('is shown beside the name, so a look-alike name cannot pass for another admin', async () => {
    const t = await setup();
    const created = await t.as('POST', '/api/admin/users', {
      username: 'nuria',
      email: 'nuria@example.com',
      phone: '',
      password: 'nuria-secret',
      role_id: 3,
      is_active: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [entry] = (await t.as('GET', '/api/admin/history')).json().items;
    expect(entry).toMatchObject({ actor_name: 'admin', actor_email: ADMIN.email, kind: 'user.create' });
    const file = (await t.as('POST', '/api/admin/history/export', {})).json();
    expect((file.csv as string).split('\r\n')[1]).toContain(`,admin,${ADMIN.email},Usuario creado,nuria,`);
  });
});

describe('retention', () => {
  it('deletes entries older than HISTORY_RETENTION_DAYS when a new one is written', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const t = await setup({ historyRetentionDays: 30 }, { clock: { now: () => now } });
    await t.db
      .insert(auditLog)
      .values([
        row('2026-04-01T12:00:00.000Z', { entity_label: 'too-old' }),
        row('2026-05-15T12:00:00.000Z', { entity_label: 'recent' }),
      ]);
    expect((await t.as('POST', '/api/membresia/categorias', { nombre: 'Inicio' })).statusCode).toBe(200);
    const kept = await t.db.select().from(auditLog).orderBy(asc(auditLog.created_at));
    expect(kept.map((e) => e.entity_label)).toEqual(['recent', 'Inicio (Membresía)']);
    expect(kept[1]!.created_at).toBe(now.toISOString());
  });

  it('reads its default of 365 days from the configuration', async () => {
    const { loadConfig } = await import('../../config');
    expect(loadConfig({ env: {} }).historyRetentionDays).toBe(365);
    expect(loadConfig({ env: { HISTORY_RETENTION_DAYS: '30' } }).historyRetentionDays).toBe(30);
    expect(() => loadConfig({ env: { HISTORY_RETENTION_DAYS: '0' } })).toThrow(/HISTORY_RETENTION_DAYS/);
  });
});
