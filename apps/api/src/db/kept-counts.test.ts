import { asc, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { createHistoryRecorder } from '../modules/history/record';
import { historyKindCounts } from '../modules/history/schema';
import { createLibraryRepo } from '../modules/library/repo';
import { libraryCategories, libraryProgress, libraryVideos } from '../modules/library/schema';
import { createMembersIoRepo } from '../modules/members-io/repo';
import { createBulkRepo } from '../modules/settings/bulk-repo';
import { createUsersRepo } from '../modules/settings/users-repo';
import { createVideoRepo } from '../modules/video-tools/repo';
import { videoRecordFilterCounts, videoRecords, videoRecordTotals } from '../modules/video-tools/schema';
import { recountAll } from '../recount-all';
import { roles, userCounts, users } from './schema';
import { PERSONAL_TABLES } from '../personal-data';
import { createAccountEraser } from '../modules/erasure';

/** Every kept count, rows of zero left out (a count that went back to zero may keep its row). */
async function keptCounts({ db }: TestApp) {
  const nonZero = <T extends { n: number }>(rows: T[]) => rows.filter((row) => row.n !== 0);
  return {
    users: nonZero(await db.select().from(userCounts).orderBy(asc(userCounts.is_active))),
    categories: await db
      .select({ id: libraryCategories.id, n: libraryCategories.total_videos })
      .from(libraryCategories)
      .orderBy(asc(libraryCategories.id)),
    progress: nonZero(
      await db
        .select({
          user: libraryProgress.user_id,
          category: libraryProgress.categoria_id,
          n: libraryProgress.completadas,
        })
        .from(libraryProgress)
        .orderBy(asc(libraryProgress.user_id), asc(libraryProgress.categoria_id)),
    ),
    recordTotals: nonZero(await db.select().from(videoRecordTotals).orderBy(asc(videoRecordTotals.provider))),
    recordFilters: nonZero(
      await db
        .select()
        .from(videoRecordFilterCounts)
        .orderBy(asc(videoRecordFilterCounts.provider), asc(videoRecordFilterCounts.value)),
    ),
    history: nonZero(await db.select().from(historyKindCounts).orderBy(asc(historyKindCounts.kind))),
  };
}

/** One write of the app; `pick` chooses among the rows there are when it runs. */
const pick = fc.nat();
const provider = fc.constantFrom('youtube' as const, 'instagram' as const);
const filterValue = fc.option(fc.constantFrom('Alfa', 'beta', 'Ñandú'), { nil: null });
const step = fc.oneof(
  fc.record({ op: fc.constant('createUser' as const), active: fc.boolean() }),
  fc.record({ op: fc.constant('setActive' as const), pick, active: fc.boolean() }),
  fc.record({ op: fc.constant('deleteUser' as const), pick }),
  fc.record({
    op: fc.constant('bulkSetActive' as const),
    picks: fc.array(pick, { maxLength: 4 }),
    active: fc.boolean(),
  }),
  fc.record({ op: fc.constant('bulkDeleteUsers' as const), picks: fc.array(pick, { maxLength: 3 }) }),
  fc.record({
    op: fc.constant('import' as const),
    actives: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ op: fc.constant('createVideo' as const), category: pick }),
  fc.record({ op: fc.constant('moveVideo' as const), pick, category: pick }),
  fc.record({ op: fc.constant('deleteVideo' as const), pick }),
  fc.record({ op: fc.constant('mark' as const), user: pick, video: pick, visto: fc.boolean() }),
  fc.record({ op: fc.constant('saveRecord' as const), user: pick, provider, value: filterValue }),
  fc.record({ op: fc.constant('deleteRecord' as const), pick }),
  fc.record({ op: fc.constant('deleteRecords' as const), provider, value: filterValue }),
  // An entry some days after the previous one: entries past the one-day retention are pruned by the same write.
  fc.record({
    op: fc.constant('recordAction' as const),
    kind: fc.constantFrom('user.update' as const, 'role.create' as const, 'user.delete' as const),
    days: fc.constantFrom(0, 0, 1, 2),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

describe('kept counts', () => {
  it('equal a fresh count of the rows after any sequence of writes', async () => {
    const t = await createTestApp();
    const { db, database } = t;
    const library = createLibraryRepo(database, 'membresia');
    const usersRepo = createUsersRepo(database, createAccountEraser(PERSONAL_TABLES));
    const bulk = createBulkRepo(database, createAccountEraser(PERSONAL_TABLES));
    const membersIo = createMembersIoRepo(database);
    const records = createVideoRepo(database);
    const [role] = await db.select({ id: roles.id }).from(roles).where(ne(roles.name, 'admin')).limit(1);
    const roleId = role!.id;
    const categories = [
      await library.insertCategory({ nombre: 'Uno', descripcion: '' }),
      await library.insertCategory({ nombre: 'Dos', descripcion: '' }),
      await library.insertCategory({ nombre: 'Tres', descripcion: '' }),
    ];
    let serial = 0;
    const next = () => (serial += 1);
    let today = Date.UTC(2024, 0, 1);
    const history = createHistoryRecorder(database, {
      clock: { now: () => new Date(today) },
      retentionDays: 1,
    });

    const ids = async (column: typeof users.id | typeof libraryVideos.id | typeof videoRecords.record_id) =>
      (await db.select({ id: column }).from(column.table).orderBy(asc(column))).map((row) => row.id);
    const chosen = (all: number[], n: number) => (all.length === 0 ? undefined : all[n % all.length]);
    const members = async () => (await ids(users.id)).slice(1); // never the seeded administrator

    const newUser = (active: boolean) => {
      const n = next();
      return {
        username: `socio${n}`,
        email: `socio${n}@example.com`,
        phone: null,
        role_id: roleId,
        is_active: active,
      };
    };

    async function run(s: Step): Promise<void> {
      switch (s.op) {
        case 'createUser':
          await usersRepo.insertUser({ ...newUser(s.active), password_hash: 'x' });
          return;
        case 'setActive': {
          const id = chosen(await members(), s.pick);
          const user = id === undefined ? undefined : await usersRepo.findUser(id);
          if (!user) return;
          const { username, email, phone, role_id } = user;
          await usersRepo.updateUser(
            user.id,
            { username, email, phone, role_id, is_active: s.active },
            { epoch: null, sessions: false },
          );
          return;
        }
        case 'deleteUser': {
          const id = chosen(await members(), s.pick);
          if (id !== undefined) await usersRepo.deleteUser(id, 'Miembro eliminado #000000');
          return;
        }
        case 'bulkSetActive': {
          const all = await members();
          const picked = s.picks.flatMap((p) => chosen(all, p) ?? []);
          await bulk.bulkUpdate({ ids: picked }, { is_active: s.active });
          return;
        }
        case 'bulkDeleteUsers': {
          const all = await members();
          await bulk.bulkDelete({ ids: s.picks.flatMap((p) => chosen(all, p) ?? []) });
          return;
        }
        case 'import':
          await membersIo.transaction(() =>
            membersIo.insertMembers(
              s.actives.map((active) => ({
                ...newUser(active),
                password_hash: 'x',
                created_at: new Date().toISOString(),
              })),
            ),
          );
          return;
        case 'createVideo':
          await library.insertVideo({
            titulo: `Clase ${next()}`,
            descripcion: '',
            categoria_id: chosen(categories, s.category)!,
            url: 'https://example.com',
            material: null,
            miniatura: null,
            orden: serial,
            fecha_creacion: new Date().toISOString(),
          });
          return;
        case 'moveVideo': {
          const id = chosen(await ids(libraryVideos.id), s.pick);
          if (id === undefined) return;
          const [video] = await db.select().from(libraryVideos).where(eq(libraryVideos.id, id));
          await library.updateVideo(id, { ...video!, categoria_id: chosen(categories, s.category)! });
          return;
        }
        case 'deleteVideo': {
          const id = chosen(await ids(libraryVideos.id), s.pick);
          if (id !== undefined) await library.deleteVideo(id);
          return;
        }
        case 'mark': {
          const user = chosen(await members(), s.user);
          const video = chosen(await ids(libraryVideos.id), s.video);
          if (user !== undefined && video !== undefined)
            await library.setWatched(user, video, s.visto, new Date().toISOString());
          return;
        }
        case 'saveRecord': {
          const user = chosen(await members(), s.user);
          if (user === undefined) return;
          const n = next();
          const at = new Date(Date.UTC(2024, 0, 1, 0, 0, n)).toISOString();
          await records.insert(
            s.provider === 'youtube'
              ? {
                  provider: 'youtube',
                  video_id: `yt${n}`,
                  user_id: user,
                  titulo: `V${n}`,
                  descripcion: '',
                  canal: s.value,
                  fecha_publicacion: at,
                  sort_date: at,
                }
              : {
                  provider: 'instagram',
                  video_id: `ig${n}`,
                  user_id: user,
                  titulo: `R${n}`,
                  descripcion: '',
                  usuario: s.value,
                  fecha_extraccion: at,
                  sort_date: at,
                },
          );
          return;
        }
        case 'deleteRecord': {
          const id = chosen(await ids(videoRecords.record_id), s.pick);
          if (id === undefined) return;
          const [record] = await db.select().from(videoRecords).where(eq(videoRecords.record_id, id));
          await records.deleteOne(record!.provider, id);
          return;
        }
        case 'deleteRecords':
          await records.deleteAll(s.provider, s.value ?? undefined);
          return;
        case 'recordAction':
          today += s.days * 86_400_000;
          await database.transaction(() =>
            history.recordAction(
              { id: null, username: 'cli', email: null },
              { kind: s.kind, entity_type: 'user', label: `e${next()}` },
            ),
          );
          return;
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) await run(s);
        const kept = await keptCounts(t);
        await recountAll(database);
        expect(kept).toEqual(await keptCounts(t));
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
