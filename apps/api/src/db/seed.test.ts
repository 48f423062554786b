import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../lib/password';
import { openDatabase } from './client';
import { rolePermissions, roles, tools, users } from './schema';
import { resolveSessionSecret, seedCatalog, seedFirstAdmin } from './seed';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('seeding an empty database', () => {
  it('creates the 7 tools and the four tiers with the permissions of the spec', async () => {
    const database = openDatabase(':memory:');
    const db = database.writer;
    await seedCatalog(database);
    await seedCatalog(database); // idempotent
    expect(db.select({ name: tools.name }).from(tools).orderBy(asc(tools.id)).all()).toHaveLength(7);
    const grants = db
      .select({ role: roles.name, tool: tools.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
      .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
      .all();
    const byRole = (role: string) =>
      grants
        .filter((g) => g.role === role)
        .map((g) => g.tool)
        .sort();
    expect(byRole('admin')).toEqual(
      ['cafelito-virtual', 'config', 'igvideo', 'membresia', 'redgram', 'texto', 'ytvideo'].sort(),
    );
    expect(byRole('vip')).toEqual([
      'cafelito-virtual',
      'igvideo',
      'membresia',
      'redgram',
      'texto',
      'ytvideo',
    ]);
    expect(byRole('estrategas')).toEqual(['cafelito-virtual', 'membresia']);
    expect(byRole('cafeinas')).toEqual(['cafelito-virtual']);
    expect(db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id)).all()).toEqual([
      { id: 1, name: 'admin' },
      { id: 2, name: 'vip' },
      { id: 3, name: 'cafeinas' },
      { id: 4, name: 'estrategas' },
    ]);
    await database.close();
  });

  it('creates the configured first admin once, with an argon2id hash', async () => {
    const database = openDatabase(':memory:');
    const db = database.writer;
    await seedCatalog(database);
    const log = quietLog();
    await seedFirstAdmin(database, { email: 'Jefa@Example.com', password: 'muy-secreta' }, log);
    await seedFirstAdmin(database, { email: 'otra@example.com', password: 'otra-clave' }, log);
    const all = db.select().from(users).all();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: 'jefa@example.com', role_id: 1, is_active: true });
    expect(all[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(all[0]!.password_hash, 'muy-secreta')).toBe(true);
    await database.close();
  });

  it('without configured credentials creates admin@localhost and prints its random password once', async () => {
    const database = openDatabase(':memory:');
    const db = database.writer;
    await seedCatalog(database);
    const log = quietLog();
    await seedFirstAdmin(database, { email: undefined, password: undefined }, log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const password = /contraseña (\S+)/.exec(log.warn.mock.calls[0]![0] as string)![1]!;
    const admin = db.select().from(users).where(eq(users.email, 'admin@localhost')).get()!;
    expect(await verifyPassword(admin.password_hash, password)).toBe(true);
    await database.close();
  });

  it('generates the session secret once and keeps it across restarts of a database file', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'db-')), 'app.db');
    const first = openDatabase(file);
    const secret = await resolveSessionSecret(first, undefined);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await first.close();
    const second = openDatabase(file);
    expect(await resolveSessionSecret(second, undefined)).toBe(secret);
    expect(await resolveSessionSecret(second, 'configured-secret-configured-secret')).toBe(
      'configured-secret-configured-secret',
    );
    expect(second.writer.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    await second.close();
  });
});
