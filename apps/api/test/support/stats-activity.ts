import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { roles, users } from '../../src/db/schema';
import { usernameSkeleton } from '../../src/db/username-skeleton';
import { auditLog } from '../../src/modules/history/schema';
import {
  libraryCategories,
  libraryOpened,
  libraryVideos,
  libraryWatched,
} from '../../src/modules/library/schema';
import { statsToolUses } from '../../src/modules/stats/schema';
import { historyColumns, type TestChange } from './history-rows';
import { roleChange, SCENARIO, type ScenarioStep } from './stats-scenario';

/**
 * More of the same community's history, for the metrics beyond sign-ups and payments: classes opened and
 * completed, Texto's counted uses, an activation by an administrator and a bulk one, an administrator's role
 * change. Each step is written as the app writes it, at instants chosen on either side of the change to summer
 * time (29 March 2026) and of midnight at the end of March in Europe/Madrid.
 */

const roleId = async (db: Db, name: string) => {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row!.id;
};

/** Three classes: two of Membresía, one of Cafelito Virtual (their ids by key in `ids`). */
async function seedClasses(db: Db, ids: Map<string, number>) {
  for (const [key, library, orden] of [
    ['c1', 'membresia', 1],
    ['c2', 'membresia', 2],
    ['c3', 'cafelito-virtual', 1],
  ] as const) {
    let categoryId = ids.get(`cat:${library}`);
    if (categoryId === undefined) {
      const [category] = await db
        .insert(libraryCategories)
        .values({ library, nombre: 'Módulo 1', descripcion: '' })
        .returning({ id: libraryCategories.id });
      categoryId = category!.id;
      ids.set(`cat:${library}`, categoryId);
    }
    const [video] = await db
      .insert(libraryVideos)
      .values({
        library,
        categoria_id: categoryId,
        titulo: `Clase ${key}`,
        url: 'https://drive.google.com/file/d/x/view',
        orden,
        fecha_creacion: '2026-03-01T00:00:00.000Z',
      })
      .returning({ id: libraryVideos.id });
    ids.set(key, video!.id);
  }
}

const opened =
  (name: string, video: string, at: string): ScenarioStep['apply'] =>
  async (db, ids) => {
    await db
      .insert(libraryOpened)
      .values({ user_id: ids.get(name)!, video_id: ids.get(video)!, abierto_en: at });
  };

const completed =
  (name: string, video: string, at: string): ScenarioStep['apply'] =>
  async (db, ids) => {
    await db
      .insert(libraryWatched)
      .values({ user_id: ids.get(name)!, video_id: ids.get(video)!, completed_at: at });
  };

/** One Texto use, counted on the Madrid day given, as the counter writes it. */
const texto =
  (name: string, day: string): ScenarioStep['apply'] =>
  async (db, ids) => {
    await db
      .insert(statsToolUses)
      .values({ day, tool: 'texto', user_id: ids.get(name)!, uses: 1 })
      .onConflictDoUpdate({
        target: [statsToolUses.day, statsToolUses.tool, statsToolUses.user_id],
        set: { uses: sql`${statsToolUses.uses} + 1` },
      });
  };

const historial =
  (at: string, entry: { kind: string; user?: string; changes: TestChange[] }): ScenarioStep['apply'] =>
  async (db, ids) => {
    await db.insert(auditLog).values({
      actor_name: 'admin',
      kind: entry.kind,
      entity_type: 'user',
      entity_id: entry.user ? ids.get(entry.user)! : null,
      entity_label: entry.user ?? 'varias',
      ...historyColumns(entry.changes),
      created_at: at,
    });
  };

const ACTIVITY: readonly ScenarioStep[] = [
  { at: '2026-03-28T20:00:00.000Z', apply: seedClasses },
  // 28 March, 23:45 and 23:50 in Madrid (UTC+1): ana opens and completes c1.
  { at: '2026-03-28T22:45:00.000Z', apply: opened('ana', 'c1', '2026-03-28T22:45:00.000Z') },
  { at: '2026-03-28T22:50:00.000Z', apply: completed('ana', 'c1', '2026-03-28T22:50:00.000Z') },
  // 29 March, 01:30 in Madrid, before the clocks go forward: bea completes c1 without opening it here.
  { at: '2026-03-29T00:30:00.000Z', apply: completed('bea', 'c1', '2026-03-29T00:30:00.000Z') },
  // 29 March, 01:40: a bulk activation of two accounts (it names none by id).
  {
    at: '2026-03-29T00:40:00.000Z',
    apply: historial('2026-03-29T00:40:00.000Z', {
      kind: 'users.bulk',
      changes: [
        { field: 'accion', before: null, after: 'Activar', values: { after: 'activate' } },
        { field: 'cuentas', before: null, after: '2', values: { after: 2 } },
        { field: 'filtro', before: null, after: 'solo pendientes' },
      ],
    }),
  },
  // 30 March, 00:30 in summer time (UTC+2; it would still be the 29th at UTC+1): ana completes c3.
  { at: '2026-03-29T22:30:00.000Z', apply: opened('ana', 'c3', '2026-03-29T22:20:00.000Z') },
  { at: '2026-03-29T22:31:00.000Z', apply: completed('ana', 'c3', '2026-03-29T22:30:00.000Z') },
  { at: '2026-03-30T10:00:00.000Z', apply: opened('carl', 'c1', '2026-03-30T10:00:00.000Z') },
  // 31 March: fran signs up, waiting for activation; carl uses Texto twice at 22:00 in Madrid.
  {
    at: '2026-03-31T10:00:00.000Z',
    apply: async (db, ids) => {
      const [row] = await db
        .insert(users)
        .values({
          username: 'fran',
          username_skeleton: usernameSkeleton('fran'),
          email: 'fran@example.com',
          password_hash: 'x',
          role_id: await roleId(db, 'cafeinas'),
          is_active: false,
          created_at: '2026-03-31T10:00:00.000Z',
        })
        .returning({ id: users.id });
      ids.set('fran', row!.id);
    },
  },
  { at: '2026-03-31T20:00:00.000Z', apply: texto('carl', '2026-03-31') },
  { at: '2026-03-31T20:01:00.000Z', apply: texto('carl', '2026-03-31') },
  // 31 March 23:59:30 and 1 April 00:00:30 in Madrid: bea, then dani, complete c2.
  { at: '2026-03-31T21:59:30.000Z', apply: completed('bea', 'c2', '2026-03-31T21:59:30.000Z') },
  { at: '2026-03-31T22:00:30.000Z', apply: completed('dani', 'c2', '2026-03-31T22:00:30.000Z') },
  // 1 April, 00:05: ana uses Texto; 00:10: an administrator activates fran.
  { at: '2026-03-31T22:05:00.000Z', apply: texto('ana', '2026-04-01') },
  {
    at: '2026-03-31T22:10:00.000Z',
    apply: async (db, ids) => {
      await db
        .update(users)
        .set({ is_active: true })
        .where(eq(users.id, ids.get('fran')!));
      await historial('2026-03-31T22:10:00.000Z', {
        kind: 'user.activate',
        user: 'fran',
        changes: [{ field: 'is_active', before: 'No', after: 'Sí', values: { before: false, after: true } }],
      })(db, ids);
    },
  },
  { at: '2026-04-01T09:00:00.000Z', apply: opened('eva', 'c1', '2026-04-01T09:00:00.000Z') },
  { at: '2026-04-01T09:05:00.000Z', apply: completed('eva', 'c1', '2026-04-01T09:05:00.000Z') },
  // 2 April: an administrator moves eva from cafeinas to vip.
  {
    at: '2026-04-02T09:00:00.000Z',
    apply: async (db, ids) => {
      await db
        .update(users)
        .set({ role_id: await roleId(db, 'vip') })
        .where(eq(users.id, ids.get('eva')!));
      await historial('2026-04-02T09:00:00.000Z', {
        kind: 'user.update',
        user: 'eva',
        changes: [roleChange('cafeinas', 'vip')],
      })(db, ids);
    },
  },
];

/** The payments scenario and this one, in the order they happened. */
export const FULL_SCENARIO: readonly ScenarioStep[] = [...SCENARIO, ...ACTIVITY].sort((a, b) =>
  a.at.localeCompare(b.at),
);
