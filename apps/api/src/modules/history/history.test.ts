import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HISTORY_KINDS, TEXTO_DEFAULT_PROMPTS, type HistoryKind } from '@app/contracts';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { addUser, ADMIN, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { client, createCategory, createVideo, DRIVE, type Client } from '../../../test/support/library';
import { videoRecords } from '../video-tools/schema';
import { createHistoryEvents } from './events';
import { createHistoryRecorder } from './record';
import { auditLog } from './schema';

const KEY = 'AIzaHistorySecretKey-1234WXYZ';
const NO_CONNECTION = { connection_id: null, model: '', temperature: null, monthly_token_cap: null };

interface Ctx extends TestApp {
  as: Client;
  adminId: number;
  adminName: string;
  roleId: (name: string) => Promise<number>;
}

async function setup(...args: Parameters<typeof createTestApp>): Promise<Ctx> {
  const t = await createTestApp(...args);
  const as = client(t.app, await signIn(t.app, ADMIN.email, ADMIN.password));
  const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
  return {
    ...t,
    as,
    adminId: admin!.id,
    adminName: admin!.username,
    roleId: async (name) => (await t.db.select().from(roles).where(eq(roles.name, name)))[0]!.id,
  };
}

const entries = (db: Db) => db.select().from(auditLog).orderBy(asc(auditLog.id));

async function saveRecord(db: Db, userId: number, titulo = 'Un video guardado'): Promise<number> {
  const [row] = await db
    .insert(videoRecords)
    .values({
      provider: 'youtube',
      video_id: `v-${titulo}`,
      user_id: userId,
      titulo,
      descripcion: '',
      canal: 'Canal',
      sort_date: '2026-01-01',
    })
    .returning({ id: videoRecords.record_id });
  return row!.id;
}

const member = (email: string, is_active = true) => ({ email, role: 'cafeinas', is_active });

interface Case {
  kind: HistoryKind;
  /** Prepares what the action needs and performs it; answers the entity id the entry should name. */
  act: (c: Ctx) => Promise<{ status: number; body: string; entityId?: number | null; label?: string }>;
}

const userBody = async (c: Ctx, overrides: Record<string, unknown>) => ({
  username: 'socia',
  email: 'socia@example.com',
  role_id: await c.roleId('cafeinas'),
  is_active: true,
  ...overrides,
});

const send = async (
  c: Ctx,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  expected?: { entityId?: number | null; label?: string },
) => {
  // What the preparation wrote through the API is not this action's entry.
  await c.db.delete(auditLog);
  const res = await c.as(method, url, payload);
  return { status: res.statusCode, body: res.body, ...expected };
};

/** Every administrator route that changes something, with what its one history entry must say. */
const CASES: Case[] = [
  {
    kind: 'user.create',
    act: async (c) => {
      const res = await c.as('POST', '/api/admin/users', await userBody(c, { password: 'secreto-123' }));
      return { status: res.statusCode, body: res.body, entityId: res.json().id, label: 'socia' };
    },
  },
  {
    kind: 'user.update',
    act: async (c) => {
      const u = await addUser(c.db, member('socia@example.com'));
      return send(c, 'PUT', `/api/admin/users/${u.id}`, await userBody(c, { phone: '600111222' }), {
        entityId: u.id,
      });
    },
  },
  {
    kind: 'user.activate',
    act: async (c) => {
      const u = await addUser(c.db, member('socia@example.com', false));
      return send(c, 'PUT', `/api/admin/users/${u.id}`, await userBody(c, {}), { entityId: u.id });
    },
  },
  {
    kind: 'user.deactivate',
    act: async (c) => {
      const u = await addUser(c.db, member('socia@example.com'));
      return send(c, 'PUT', `/api/admin/users/${u.id}`, await userBody(c, { is_active: false }), {
        entityId: u.id,
      });
    },
  },
  {
    kind: 'user.delete',
    act: async (c) => {
      const u = await addUser(c.db, member('socia@example.com'));
      // Labelled by the erased member's pseudonym (erasure.test.ts checks its form), not by 'socia'.
      return send(c, 'DELETE', `/api/admin/users/${u.id}`, undefined, { entityId: u.id });
    },
  },
  {
    kind: 'user.data_archive',
    act: async (c) => {
      const u = await addUser(c.db, member('socia@example.com'));
      return send(c, 'POST', `/api/admin/users/${u.id}/data-archive`, undefined, {
        entityId: u.id,
        label: 'socia',
      });
    },
  },
  {
    kind: 'users.bulk',
    act: async (c) => {
      const a = await addUser(c.db, member('a@example.com', false));
      const b = await addUser(c.db, member('b@example.com', false));
      return send(
        c,
        'POST',
        '/api/admin/users/bulk',
        { action: 'activate', ids: [a.id, b.id] },
        {
          entityId: null,
          label: 'Activar: 2 cuentas',
        },
      );
    },
  },
  {
    kind: 'users.import',
    act: async (c) =>
      send(c, 'POST', '/api/admin/users/import', {
        csv: 'username,email\nana,ana@example.com\nluis,luis@example.com\n',
        default_role_id: await c.roleId('cafeinas'),
        dry_run: false,
      }),
  },
  {
    kind: 'users.export',
    act: (c) =>
      send(
        c,
        'POST',
        '/api/admin/users/export',
        { include_hashes: true },
        { entityId: null, label: '1 miembro' },
      ),
  },
  {
    kind: 'two_factor.rules',
    act: (c) =>
      send(
        c,
        'PUT',
        '/api/admin/two-factor',
        { require_admins: true, required_role_ids: [] },
        { entityId: null, label: 'Verificación en dos pasos' },
      ),
  },
  {
    kind: 'user.two_factor_reset',
    act: async (c) => {
      const u = await addUser(c.db, member('socia@example.com'));
      return send(
        c,
        'POST',
        `/api/admin/users/${u.id}/two-factor-reset`,
        {},
        { entityId: u.id, label: 'socia' },
      );
    },
  },
  {
    kind: 'mail_settings.save',
    act: (c) =>
      send(
        c,
        'PUT',
        '/api/admin/mail-settings',
        { new_registration: false, account_activated: true, account_refused: true },
        { entityId: null, label: 'Correos' },
      ),
  },
  {
    kind: 'community.save',
    act: (c) =>
      send(
        c,
        'PUT',
        '/api/admin/community/name',
        { name: 'Club Cafelito' },
        { entityId: null, label: 'Comunidad' },
      ),
  },
  {
    kind: 'retention.save',
    act: (c) =>
      send(
        c,
        'PUT',
        '/api/admin/retention',
        { ai_days: 30, signin_days: 90, video_days: 365, mail_days: 365 },
        { entityId: null, label: 'Conservación de datos' },
      ),
  },
  {
    kind: 'role.create',
    act: async (c) => {
      const res = await c.as('POST', '/api/admin/roles', { name: 'Mentores', tools: [1] });
      return { status: res.statusCode, body: res.body, entityId: res.json().id, label: 'Mentores' };
    },
  },
  {
    kind: 'role.update',
    act: async (c) => {
      const id = await c.roleId('vip');
      return send(
        c,
        'PUT',
        `/api/admin/roles/${id}`,
        { name: 'vip', description: 'Nueva', tools: [] },
        {
          entityId: id,
        },
      );
    },
  },
  {
    kind: 'role.delete',
    act: async (c) => {
      const id = await c.roleId('estrategas');
      return send(c, 'DELETE', `/api/admin/roles/${id}`, undefined, { entityId: id });
    },
  },
  {
    kind: 'library.category.create',
    act: async (c) => {
      const res = await c.as('POST', '/api/membresia/categorias', { nombre: 'Inicio', descripcion: '' });
      return { status: res.statusCode, body: res.body, entityId: res.json().id, label: 'Inicio (Membresía)' };
    },
  },
  {
    kind: 'library.category.update',
    act: async (c) => {
      const id = await createCategory(c.as, 'cafelito-virtual', 'Inicio');
      return send(
        c,
        'PUT',
        `/api/cafelito-virtual/categorias/${id}`,
        { nombre: 'Bienvenida' },
        {
          entityId: id,
          label: 'Bienvenida (Cafelito Virtual)',
        },
      );
    },
  },
  {
    kind: 'library.category.delete',
    act: async (c) => {
      const id = await createCategory(c.as, 'membresia', 'Inicio');
      return send(c, 'DELETE', `/api/membresia/categorias/${id}`, undefined, { entityId: id });
    },
  },
  {
    kind: 'library.video.create',
    act: async (c) => {
      const categoria_id = await createCategory(c.as, 'membresia', 'Inicio');
      const body = { titulo: 'Primera clase', descripcion: '', categoria_id, url: DRIVE, material: '' };
      return send(c, 'POST', '/api/membresia/videos', body, { label: 'Primera clase (Membresía)' });
    },
  },
  {
    kind: 'library.video.update',
    act: async (c) => {
      const categoria_id = await createCategory(c.as, 'membresia', 'Inicio');
      const video = await createVideo(c.as, 'membresia', categoria_id, 'Primera clase');
      return send(
        c,
        'PUT',
        `/api/membresia/videos/${video.id}`,
        { titulo: 'Clase renombrada', descripcion: '', categoria_id, url: DRIVE, material: '' },
        { entityId: video.id, label: 'Clase renombrada (Membresía)' },
      );
    },
  },
  {
    kind: 'library.video.move',
    act: async (c) => {
      const categoria_id = await createCategory(c.as, 'membresia', 'Inicio');
      await createVideo(c.as, 'membresia', categoria_id, 'Primera clase');
      const second = await createVideo(c.as, 'membresia', categoria_id, 'Segunda clase');
      return send(
        c,
        'POST',
        `/api/membresia/videos/${second.id}/mover`,
        { direction: 'up' },
        {
          entityId: second.id,
        },
      );
    },
  },
  {
    kind: 'library.video.delete',
    act: async (c) => {
      const categoria_id = await createCategory(c.as, 'membresia', 'Inicio');
      const video = await createVideo(c.as, 'membresia', categoria_id, 'Primera clase');
      return send(c, 'DELETE', `/api/membresia/videos/${video.id}`, undefined, { entityId: video.id });
    },
  },
  {
    kind: 'config.save',
    act: (c) =>
      send(
        c,
        'PUT',
        '/api/texto/config',
        {
          prompt_ortografia: 'Corrige:',
          prompt_herramienta2: TEXTO_DEFAULT_PROMPTS.herramienta2,
          ...NO_CONNECTION,
        },
        { label: 'Texto' },
      ),
  },
  {
    kind: 'config.save',
    act: (c) =>
      send(
        c,
        'PUT',
        '/api/redgram/config',
        { prompt_escribir: 'Escribe', prompt_reescribir: 'Reescribe', ...NO_CONNECTION },
        { label: 'RedGram' },
      ),
  },
  {
    kind: 'saved_videos.delete',
    act: async (c) => {
      const id = await saveRecord(c.db, c.adminId);
      return send(c, 'DELETE', `/api/video-tools/youtube/videos/${id}`, undefined, { entityId: id });
    },
  },
  {
    kind: 'saved_videos.delete_all',
    act: async (c) => {
      await saveRecord(c.db, c.adminId, 'Uno');
      await saveRecord(c.db, c.adminId, 'Dos');
      return send(c, 'DELETE', '/api/video-tools/instagram/videos?all=true');
    },
  },
];

describe('every administrator action', () => {
  it.each(CASES.map((c, index) => [`${c.kind} #${index}`, c] as const))(
    '%s writes exactly one history entry naming the action, the admin and the entity',
    async (_name, { kind, act }) => {
      const c = await setup();
      const result = await act(c);
      expect(result.status, result.body).toBe(200);
      const written = await entries(c.db);
      expect(written).toHaveLength(1);
      const [entry] = written;
      expect(entry).toMatchObject({ kind, actor_id: c.adminId, actor_name: c.adminName });
      if (result.entityId !== undefined) expect(entry!.entity_id).toBe(result.entityId);
      if (result.label !== undefined) expect(entry!.entity_label).toBe(result.label);
      expect(entry!.entity_label).not.toBe('');
      // Whatever the action, the history is readable through the API and names it.
      const page = (await c.as('GET', '/api/admin/history')).json();
      expect(page.items).toEqual([expect.objectContaining({ kind, actor_name: c.adminName })]);
    },
  );

  it('are all covered above: every kind the history knows has its route in the table', () => {
    // Billing's kinds need the fake Stripe: billing.test.ts asserts the plan entries, webhook.test.ts the ones
    // Stripe authors.
    const billing = HISTORY_KINDS.filter((kind) => kind.startsWith('billing.'));
    expect(billing).toEqual([
      'billing.plan.save',
      'billing.plan.delete',
      'billing.account.create',
      'billing.subscription',
      'billing.payment.waiting',
      'billing.trial.ended',
    ]);
    // A member's own erasure at the end of the paid period, and its cancellation (by the member or a renewal
    // at Stripe), need it too: erasure.test.ts asserts their entries.
    const byMembers = ['user.erasure_scheduled', 'user.erasure_cancelled'];
    // A sending under way (a held mailer) is set up in announcements.test.ts, which asserts these entries.
    const announcements = HISTORY_KINDS.filter((kind) => kind.startsWith('announcement.'));
    expect(announcements).toEqual([
      'announcement.publish',
      'announcement.pause',
      'announcement.resume',
      'announcement.cancel',
    ]);
    expect([...new Set(CASES.map((c) => c.kind)), ...billing, ...byMembers, ...announcements].sort()).toEqual(
      [...HISTORY_KINDS].sort(),
    );
  });

  it('records the changed fields of an edit, before and after', async () => {
    const c = await setup();
    const u = await addUser(c.db, member('socia@example.com', false));
    const res = await c.as(
      'PUT',
      `/api/admin/users/${u.id}`,
      await userBody(c, { role_id: await c.roleId('vip'), password: 'nueva-clave-1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await c.as('GET', '/api/admin/history')).json().items;
    expect(entry.kind).toBe('user.activate');
    expect(entry.changes).toEqual([
      { field: 'role', before: 'cafeinas', after: 'vip' },
      { field: 'is_active', before: 'No', after: 'Sí' },
      { field: 'password', before: null, after: 'cambiada' },
    ]);
    expect(JSON.stringify(entry)).not.toContain('nueva-clave-1');
  });

  it('keeps the values of a change by code beside the Spanish line, and shows only the line', async () => {
    const c = await setup();
    const u = await addUser(c.db, member('socia@example.com', false));
    const res = await c.as(
      'PUT',
      `/api/admin/users/${u.id}`,
      await userBody(c, { role_id: await c.roleId('vip'), password: 'nueva-clave-1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await createHistoryEvents(c.database).about(['user.activate'], 'user', { ids: [u.id] });
    expect(event).toMatchObject({
      kind: 'user.activate',
      entity_id: u.id,
      before: { role: 'cafeinas', is_active: false },
      after: { role: 'vip', is_active: true },
    });
    // A field given as text only (the password's «cambiada») keeps no value.
    expect(Object.keys(event!.after)).toEqual(['role', 'is_active']);
    const [entry] = (await c.as('GET', '/api/admin/history')).json().items;
    expect(Object.keys(entry)).not.toContain('after_values');
    const csv = (await c.as('POST', '/api/admin/history/export', {})).json().csv as string;
    expect(csv).toContain('Rol: Cafeínas → VIP; Estado: No → Sí; Contraseña: cambiada');
  });

  it('keeps a bulk action by its code and its count as a number', async () => {
    const c = await setup();
    const a = await addUser(c.db, { ...member('ana@example.com'), username: 'ana' });
    const res = await c.as('POST', '/api/admin/users/bulk', {
      action: 'set_role',
      role_id: await c.roleId('vip'),
      ids: [a.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await createHistoryEvents(c.database).ofKind('users.bulk');
    expect(event!.after).toEqual({ accion: 'set_role', cuentas: 1, role: 'vip' });
    const [entry] = (await c.as('GET', '/api/admin/history')).json().items;
    expect(entry.changes).toContainEqual({ field: 'accion', before: null, after: 'Cambiar rol' });
  });

  it("keeps a deleted admin's entries, under a pseudonym instead of their name", async () => {
    const c = await setup();
    const other = await addUser(c.db, { email: 'otra@example.com', username: 'otra', role: 'admin' });
    const otherAs = client(c.app, await signIn(c.app, other.email, other.password));
    expect((await otherAs('POST', '/api/membresia/categorias', { nombre: 'Inicio' })).statusCode).toBe(200);
    expect((await c.as('DELETE', `/api/admin/users/${other.id}`)).statusCode).toBe(200);
    const res = await c.as('GET', `/api/admin/history?actor_id=${other.id}`);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        kind: 'library.category.create',
        actor_id: other.id,
        actor_name: expect.stringMatching(/^Miembro eliminado #[0-9a-f]{6}$/),
      }),
    ]);
  });
});

describe('a refused action', () => {
  it.each([
    [
      'deactivating the last admin',
      async (c: Ctx) =>
        c.as('PUT', `/api/admin/users/${c.adminId}`, {
          username: c.adminName,
          email: ADMIN.email,
          role_id: await c.roleId('admin'),
          is_active: false,
        }),
      409,
    ],
    ['deleting the last admin', async (c: Ctx) => c.as('DELETE', `/api/admin/users/${c.adminId}`), 409],
    [
      'a bulk delete of every account',
      async (c: Ctx) => c.as('POST', '/api/admin/users/bulk', { action: 'delete', filter: {} }),
      409,
    ],
    [
      'taking config from the last role that gives it',
      async (c: Ctx) =>
        c.as('PUT', `/api/admin/roles/${await c.roleId('admin')}`, { name: 'admin', tools: [] }),
      409,
    ],
    [
      'an email already taken',
      async (c: Ctx) =>
        c.as('POST', '/api/admin/users', await userBody(c, { email: ADMIN.email, password: 'secreto-123' })),
      409,
    ],
    [
      'a category name already taken',
      async (c: Ctx) => {
        await createCategory(c.as, 'membresia', 'Inicio');
        await c.db.delete(auditLog);
        return c.as('POST', '/api/membresia/categorias', { nombre: 'Inicio' });
      },
      409,
    ],
    [
      'an import with errors',
      async (c: Ctx) =>
        c.as('POST', '/api/admin/users/import', {
          csv: `username,email\nana,no-es-un-correo\n`,
          default_role_id: await c.roleId('cafeinas'),
          dry_run: false,
        }),
      400,
    ],
    [
      'deleting a record that does not exist',
      async (c: Ctx) => c.as('DELETE', '/api/video-tools/youtube/videos/999'),
      404,
    ],
  ])('(%s) writes no history entry', async (_name, act, status) => {
    const c = await setup();
    const res = await act(c);
    expect(res.statusCode, res.body).toBe(status);
    expect(await entries(c.db)).toEqual([]);
  });

  it('cannot be recorded outside the transaction of a change', async () => {
    const c = await setup();
    const recorder = createHistoryRecorder(c.database, {
      clock: { now: () => new Date() },
      retentionDays: 1,
    });
    await expect(
      recorder.recordAction(
        { id: 1, username: 'x', email: 'x@example.com' },
        { kind: 'user.create', entity_type: 'user', label: 'x' },
      ),
    ).rejects.toThrow(/inside the transaction/);
    expect(await entries(c.db)).toEqual([]);
  });
});

describe('an AI connection entry', () => {
  it('says whether the key changed, never the key', async () => {
    const c = await setup();
    const body = (key: string) => ({
      name: 'Gemini',
      provider: 'gemini',
      base_url: '',
      api_key: key,
      headers: [],
      query: [],
      default_model: '',
    });
    const created = await c.as('POST', '/api/ai/connections', body(KEY));
    expect(created.statusCode).toBe(200);
    const { id } = created.json().connection as { id: string };
    const edited = await c.as('PUT', `/api/ai/connections/${id}`, {
      ...body(''),
      default_model: 'gemini-pro',
    });
    expect(edited.statusCode).toBe(200);
    const rows = await entries(c.db);
    expect(rows.map((row) => row.summary).join('')).not.toContain(KEY);
    const page = await c.as('GET', '/api/admin/history');
    expect(page.body).not.toContain(KEY);
    const [second, first] = page.json().items;
    expect(first.changes).toContainEqual({ field: 'clave', before: null, after: 'cambiada' });
    expect(second.changes).toEqual([{ field: 'default_model', before: null, after: 'gemini-pro' }]);
    const csv = (await c.as('POST', '/api/admin/history/export', {})).json().csv as string;
    expect(csv).not.toContain(KEY);
    expect(csv).toContain('Clave de API: cambiada');
  });
});

describe('what operators need to read in an entry (issue 35)', () => {
  it('names the accounts a bulk action changed, with their emails', async () => {
    const c = await setup();
    const a = await addUser(c.db, { ...member('ana@example.com', false), username: 'ana' });
    const b = await addUser(c.db, { ...member('beto@example.com', false), username: 'beto' });
    const res = await c.as('POST', '/api/admin/users/bulk', { action: 'activate', ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await c.as('GET', '/api/admin/history')).json().items;
    expect(entry.kind).toBe('users.bulk');
    expect(entry.changes).toContainEqual({
      field: 'afectadas',
      before: null,
      after: 'ana (ana@example.com), beto (beto@example.com)',
    });
  });

  it('says how many more accounts a large bulk action changed than it names', async () => {
    const c = await setup();
    for (let i = 0; i < 53; i++) {
      await addUser(c.db, {
        ...member(`m${String(i).padStart(2, '0')}@example.com`, false),
        username: `m${i}`,
      });
    }
    const res = await c.as('POST', '/api/admin/users/bulk', { action: 'delete', filter: { pending: true } });
    expect(res.json()).toMatchObject({ affected: 53 });
    const [entry] = (await c.as('GET', '/api/admin/history')).json().items;
    const named = entry.changes.find((change: { field: string }) => change.field === 'afectadas');
    expect(named.after).toMatch(/ y 3 más$/);
    expect(named.after.split(', ')).toHaveLength(50);
  });

  it('keeps the reason given when refusing a pending registration', async () => {
    const c = await setup();
    const pending = await addUser(c.db, member('pendiente@example.com', false));
    const reason = 'No figura en la lista de socios';
    const res = await c.as('DELETE', `/api/admin/users/${pending.id}`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await c.as('GET', '/api/admin/history')).json().items;
    expect(entry.kind).toBe('user.delete');
    expect(entry.changes).toContainEqual({ field: 'motivo', before: null, after: reason });
  });
});
