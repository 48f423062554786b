import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../lib/password';
import { databaseForServers, directDb, ENGINE, openTestDatabase } from '../../test/support/engine';
import { openDatabase } from './client';
import { openPgAppDatabase } from './client.pg';
import { rolePermissions, roles, tools, users } from './schema';
import { backfillUsernameSkeletons, resolveSessionSecret, seedCatalog, seedFirstAdmin } from './seed';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('seeding an empty database', () => {
  it('creates the 9 tools and the four tiers with the permissions of the spec', async () => {
    const { database } = await openTestDatabase();
    const db = directDb(database);
    await seedCatalog(database);
    await seedCatalog(database); // idempotent
    expect(await db.select({ name: tools.name }).from(tools).orderBy(asc(tools.id))).toHaveLength(9);
    const grants = await db
      .select({ role: roles.name, tool: tools.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
      .innerJoin(tools, eq(tools.id, rolePermissions.tool_id));
    const byRole = (role: string) =>
      grants
        .filter((g) => g.role === role)
        .map((g) => g.tool)
        .sort();
    expect(byRole('admin')).toEqual(
      [
        'cafelito-virtual',
        'comunicados',
        'config',
        'estadisticas',
        'igvideo',
        'membresia',
        'redgram',
        'texto',
        'ytvideo',
      ].sort(),
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
    expect(await db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id))).toEqual([
      { id: 1, name: 'admin' },
      { id: 2, name: 'vip' },
      { id: 3, name: 'cafeinas' },
      { id: 4, name: 'estrategas' },
    ]);
    await database.close();
  });

  it('creates the configured first admin once, with an argon2id hash', async () => {
    const { database } = await openTestDatabase();
    const db = directDb(database);
    await seedCatalog(database);
    const log = quietLog();
    await seedFirstAdmin(database, { email: 'Jefa@Example.com', password: 'muy-secreta' }, log);
    await seedFirstAdmin(database, { email: 'otra@example.com', password: 'otra-clave' }, log);
    const all = await db.select().from(users);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: 'jefa@example.com', role_id: 1, is_active: true });
    expect(all[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(all[0]!.password_hash, 'muy-secreta')).toBe(true);
    await database.close();
  });

  it('without configured credentials creates admin@localhost and prints its random password once', async () => {
    const { database } = await openTestDatabase();
    const db = directDb(database);
    await seedCatalog(database);
    const log = quietLog();
    await seedFirstAdmin(database, { email: undefined, password: undefined }, log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const password = /contraseña (\S+)/.exec(log.warn.mock.calls[0]![0] as string)![1]!;
    const admin = (await db.select().from(users).where(eq(users.email, 'admin@localhost')))[0]!;
    expect(await verifyPassword(admin.password_hash, password)).toBe(true);
    await database.close();
  });

  it('generates the session secret once and keeps it across restarts of the database', async () => {
    const { url, dispose } = await databaseForServers();
    const open = () =>
      ENGINE === 'sqlite' ? openDatabase(url.slice('file:'.length)) : openPgAppDatabase(url, { max: 2 });
    const first = await open();
    const secret = await resolveSessionSecret(first, undefined);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await first.close();
    const second = await open();
    expect(await resolveSessionSecret(second, undefined)).toBe(secret);
    expect(await resolveSessionSecret(second, 'configured-secret-configured-secret')).toBe(
      'configured-secret-configured-secret',
    );
    if (ENGINE === 'sqlite') {
      expect(second.writer.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    }
    await second.close();
    await dispose();
  });
});

describe('username skeletons of accounts made before they were stored (issue 35)', () => {
  it('fills them at start-up, leaving the later of two look-alikes without one', async () => {
    const { database } = await openTestDatabase();
    const db = directDb(database);
    await seedCatalog(database);
    const legacy = (username: string, email: string) => ({ username, email, password_hash: 'x', role_id: 3 });
    await db
      .insert(users)
      .values([
        legacy('carol', 'carol@example.com'),
        legacy('caro1', 'caro1@example.com'),
        legacy('Eva', 'eva@example.com'),
      ]);
    await backfillUsernameSkeletons(database);
    await backfillUsernameSkeletons(database); // idempotent
    const rows = await db
      .select({ username: users.username, skeleton: users.username_skeleton })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows).toEqual([
      { username: 'carol', skeleton: 'carol' },
      { username: 'caro1', skeleton: null },
      { username: 'Eva', skeleton: 'eva' },
    ]);
  });
});
