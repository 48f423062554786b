import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/lib/paths';
import { hashPassword } from '../src/lib/password';
import { csrf } from './helper';
import { expectConverted, migrationsBeforeHistoryValues, oldRows } from './support/history-upgrade';

/** The last migration of the releases that kept SQLite's migrations in apps/api/drizzle (before drizzle/sqlite). */
const LAST_RELEASED = '0009_library_counters';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database as the released server made it: migrations 0000-0009 only, applied by drizzle's migrator. */
function releasedDatabase(file: string): void {
  const released = mkdtempSync(path.join(tmpdir(), 'released-migrations-'));
  dirs.push(released);
  cpSync(MIGRATIONS_DIR.sqlite, released, { recursive: true });
  const journalFile = path.join(released, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_RELEASED);
  expect(last).toBe(9);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle(sqlite), { migrationsFolder: released });
  sqlite.close();
}

const dump = (file: string, tables: string[]) => {
  const sqlite = new Database(file, { readonly: true });
  const rows = Object.fromEntries(
    tables.map((table) => [table, sqlite.prepare(`SELECT * FROM "${table}" ORDER BY 1`).all()]),
  );
  sqlite.close();
  return rows;
};

describe('upgrading a database made by an earlier release', () => {
  it('applies only the newer migrations, in place, and keeps every row', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'upgrade-'));
    dirs.push(dir);
    const file = path.join(dir, 'app.db');
    releasedDatabase(file);

    // Data of every kind, as the released server wrote it.
    const sqlite = new Database(file);
    sqlite.pragma('foreign_keys = ON');
    const hash = await hashPassword('vieja-clave');
    sqlite.exec(`
      INSERT INTO tools (id, name) VALUES (1, 'config'), (2, 'membresia'), (3, 'cafelito-virtual'), (4, 'texto'),
        (5, 'redgram'), (6, 'ytvideo'), (7, 'igvideo');
      INSERT INTO roles (id, name, description) VALUES (1, 'admin', ''), (2, 'vip', ''), (3, 'cafeinas', ''),
        (4, 'estrategas', '');
      INSERT INTO role_permissions (role_id, tool_id) VALUES (1, 1), (1, 2), (2, 2), (2, 6);
      INSERT INTO settings (key, value) VALUES ('session_secret', 'a-secret-kept-from-the-old-release-0123456789');
      INSERT INTO library_categories (id, library, nombre) VALUES (1, 'membresia', 'Inicio');
      INSERT INTO library_videos (library, categoria_id, titulo, url, orden, fecha_creacion)
        VALUES ('membresia', 1, 'Bienvenida', 'https://drive.google.com/file/d/x/view', 1, '2025-01-01T00:00:00.000Z');
    `);
    const insertUser = sqlite.prepare(
      'INSERT INTO users (username, email, password_hash, role_id, is_active) VALUES (?, ?, ?, ?, ?)',
    );
    const jefa = Number(insertUser.run('jefa', 'jefa@example.com', hash, 1, 1).lastInsertRowid);
    const eva = Number(insertUser.run('eva', 'eva@example.com', hash, 2, 1).lastInsertRowid);
    insertUser.run('pendiente', 'pendiente@example.com', hash, 3, 0);
    sqlite
      .prepare(
        `INSERT INTO video_records (provider, video_id, user_id, titulo, descripcion, canal, sort_date)
         VALUES ('youtube', 'abcdefghijk', ?, 'Un video', '', 'Canal', '2025-01-02')`,
      )
      .run(eva);
    sqlite.prepare('INSERT INTO library_watched (user_id, video_id) VALUES (?, 1)').run(eva);
    sqlite
      .prepare(
        'INSERT INTO redgram_profiles (user_id, name, social_network, sector, target_audience, specific_audience, visual_optimization) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(jefa, 'Perfil', 'Instagram', 'Cafe', 'Todos', 'Baristas', 'Si');
    const applied = sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    expect(applied.n).toBe(10);
    sqlite.close();

    const tables = [
      'users',
      'roles',
      'role_permissions',
      'tools',
      'settings',
      'library_categories',
      'library_videos',
      'library_watched',
      'video_records',
      'redgram_profiles',
    ];
    const before = dump(file, tables);

    // The new release opens it: the moved migrations folder is recognised (by each migration's timestamp).
    const database = openDatabase(file);
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_DIR.sqlite, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const migrations = database.writer.$client
      .prepare('SELECT count(*) AS n FROM __drizzle_migrations')
      .get() as { n: number };
    expect(migrations.n).toBe(journal.entries.length);
    const app = await buildApp(testConfig({ sessionSecret: undefined }), { db: database });
    try {
      // Old members sign in with their old passwords; their content is there.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: csrf,
        payload: { email: 'eva@example.com', password: 'vieja-clave' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = `session=${login.cookies.find((c) => c.name === 'session')!.value}`;
      const progress = await app.inject({
        method: 'GET',
        url: '/api/membresia/progreso',
        headers: { cookie },
      });
      expect(progress.json()).toMatchObject({ completadas: 1, total: 1 });
    } finally {
      await app.close();
      await database.close();
    }
    const after = dump(file, tables);
    // Nothing lost or changed but the new session row and new empty columns. The categories' video count went
    // away (migration 0010) and came back as a kept count, filled from the rows by the backfill (0019).
    expect(before.library_categories).toEqual([expect.objectContaining({ total_videos: 1 })]);
    // Columns added since (the class picture, migration 0012) arrive empty on the old rows.
    const withPicture = (before.library_videos as Record<string, unknown>[]).map((video) => ({
      ...video,
      miniatura: null,
    }));
    // Each account gets the skeleton of its username at start-up (migration 0015 and the backfill). Accounts
    // made before emails were confirmed keep the operator's word: confirmed, and never deactivated by an admin.
    const withSkeleton = (before.users as Record<string, unknown>[]).map((user) => ({
      ...user,
      username_skeleton: user.username,
      email_verified: 1,
      deactivated_by_admin: 0,
    }));
    // Estadísticas' permission arrives at start-up, given to the administrators' role.
    const tools = before.tools as { id: number; name: string }[];
    const statsTool = tools.length + 1;
    // Completion marks gain their date (migration 0027); an old mark whose class was never opened stays undated.
    const undated = (before.library_watched as Record<string, unknown>[]).map((mark) => ({
      ...mark,
      completed_at: null,
    }));
    // An installation that existed before two-step verification keeps signing in as it did: the rule is off.
    // The check value of the secrets' key arrives at start-up (the database's secrets are now encrypted).
    const settings = [
      { key: 'secrets_check', value: expect.stringMatching(/^enc:v1:/) as unknown },
      ...(before.settings as Record<string, unknown>[]),
      { key: 'two_factor_rules', value: JSON.stringify({ require_admins: false, required_role_ids: [] }) },
    ];
    expect(after).toEqual({
      ...before,
      users: withSkeleton,
      library_videos: withPicture,
      library_watched: undated,
      settings,
      // The tools added since: Estadísticas, then Comunicados, each granted to the administrators' role.
      tools: [...tools, { id: statsTool, name: 'estadisticas' }, { id: statsTool + 1, name: 'comunicados' }],
      role_permissions: expect.arrayContaining([
        { role_id: 1, tool_id: statsTool },
        { role_id: 1, tool_id: statsTool + 1 },
      ]),
    });
    expect(after.role_permissions).toHaveLength(before.role_permissions!.length + 2);
  });

  it("converts Historial's older entries to values by code, their Spanish lines unchanged", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'upgrade-history-'));
    dirs.push(dir);
    const released = migrationsBeforeHistoryValues(MIGRATIONS_DIR.sqlite);
    dirs.push(released);
    const file = path.join(dir, 'app.db');
    const sqlite = new Database(file);
    migrate(drizzle(sqlite), { migrationsFolder: released });
    const insert = sqlite.prepare(
      `INSERT INTO audit_log (actor_name, kind, entity_type, entity_id, entity_label, summary, created_at)
       VALUES (@actor_name, @kind, @entity_type, @entity_id, @entity_label, @summary, @created_at)`,
    );
    for (const row of oldRows()) insert.run(row);
    sqlite.close();

    const database = openDatabase(file);
    try {
      await expectConverted(database);
      const summaries = database.writer.$client
        .prepare('SELECT summary FROM audit_log ORDER BY id')
        .all() as { summary: string }[];
      expect(summaries.map((row) => row.summary)).toEqual(oldRows().map((row) => row.summary));
    } finally {
      await database.close();
    }
  });
});
