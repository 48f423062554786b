import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { ADMIN, createTestApp, signIn } from '../../../test/helper';
import { client } from '../../../test/support/library';
import { auditLog } from './schema';

async function setup() {
  const t = await createTestApp();
  return { ...t, as: client(t.app, await signIn(t.app, ADMIN.email, ADMIN.password)) };
}

const entries = (db: Db) => db.select().from(auditLog).orderBy(asc(auditLog.id));
const changesOf = (entry: { summary: string } | undefined) =>
  (JSON.parse(entry?.summary ?? '{}') as { changes: unknown[] }).changes;

describe('Historial of members in and out, and of the mail settings', () => {
  it('names every imported account whose role is not the default one, admins apart', async () => {
    const c = await setup();
    const csv = [
      'username,email,role',
      'ana,ana@example.com,cafeinas',
      'luis,luis@example.com,vip',
      'marta,marta@example.com,vip',
      'root,root@example.com,admin',
      'eva,eva@example.com,estrategas',
    ].join('\n');
    const res = await c.as('POST', '/api/admin/users/import', { csv, dry_run: false });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(c.db);
    expect(entry).toMatchObject({ kind: 'users.import', entity_label: '5 miembros' });
    expect(changesOf(entry)).toEqual([
      { field: 'importados', before: null, after: '5' },
      { field: 'Administradores con rol admin', before: null, after: 'root' },
      { field: 'Con rol estrategas', before: null, after: 'eva' },
      { field: 'Con rol vip', before: null, after: 'luis, marta' },
    ]);
  });

  it('names the first hundred members of a role and counts the rest, administrators all', async () => {
    const c = await setup();
    const vips = Array.from({ length: 103 }, (_, i) => `vip${i},vip${i}@example.com,vip`);
    const admins = Array.from({ length: 102 }, (_, i) => `jefe${i},jefe${i}@example.com,admin`);
    const csv = ['username,email,role', ...vips, ...admins].join('\n');
    const res = await c.as('POST', '/api/admin/users/import', { csv, dry_run: false });
    expect(res.statusCode, res.body).toBe(200);
    const changes = changesOf((await entries(c.db))[0]) as { field: string; after: string }[];
    const admin = changes.find((change) => change.field === 'Administradores con rol admin');
    expect(admin?.after.split(', ')).toHaveLength(102);
    const vip = changes.find((change) => change.field === 'Con rol vip');
    expect(vip?.after).toMatch(/^vip0, vip1, .* y 3 más$/);
    expect(vip?.after.split(', ')).toHaveLength(100);
  });

  it('records an export with password hashes, and not one without', async () => {
    const c = await setup();
    const plain = await c.as('POST', '/api/admin/users/export', { include_hashes: false });
    expect(plain.statusCode).toBe(200);
    expect(await entries(c.db)).toEqual([]);

    const withHashes = await c.as('POST', '/api/admin/users/export', { include_hashes: true, search: 'adm' });
    expect(withHashes.statusCode).toBe(200);
    const written = await entries(c.db);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ kind: 'users.export', entity_label: '1 miembro' });
    expect(changesOf(written[0])).toEqual([
      { field: 'registros', before: null, after: '1' },
      { field: 'hashes', before: null, after: 'incluidos' },
      { field: 'filtro', before: null, after: 'búsqueda «adm»' },
    ]);
  });

  it('records each change of the mail settings', async () => {
    const c = await setup();
    const off = { new_registration: false, account_activated: true, account_refused: false };
    expect((await c.as('PUT', '/api/admin/mail-settings', off)).statusCode).toBe(200);
    const [entry] = await entries(c.db);
    expect(entry).toMatchObject({ kind: 'mail_settings.save', entity_label: 'Correos' });
    expect(changesOf(entry)).toEqual([
      { field: 'new_registration', before: 'Sí', after: 'No' },
      { field: 'account_refused', before: 'Sí', after: 'No' },
    ]);
    const page = (await c.as('GET', '/api/admin/history')).json();
    expect(page.items[0]).toMatchObject({ kind: 'mail_settings.save' });
  });
});
