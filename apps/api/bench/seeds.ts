/**
 * EXTENSION POINT (seeding): one seeder per feature, run in order, each inside one transaction on the fresh
 * benchmark database. Written once with drizzle's query builder, so the same rows go into SQLite and
 * PostgreSQL: batched multi-row inserts (BATCH rows per statement) keep 100,000 rows to seconds on both.
 * Seeders write only the tables the app writes; whatever an engine derives from them (indexes, counters) is
 * its own business. After merging a feature, append its seeder here and its scenarios in scenarios.ts.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../src/db/client';
import { roles, users } from '../src/db/schema';
import { libraryCategories, libraryVideos, libraryWatched } from '../src/modules/library/schema';
import { videoRecords, type NewVideoRecord } from '../src/modules/video-tools/schema';

export interface SeedContext {
  /** One argon2id hash of BENCH_PASSWORD, reused by every seeded account (hashing 10,000 would take minutes). */
  passwordHash: string;
}

export interface Seeder {
  name: string;
  /** Runs inside one transaction (`database.transaction`), on either engine. */
  seed(tx: Db, ctx: SeedContext): Promise<void>;
}

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ACCOUNTS = {
  admin: { email: 'admin@bench.local', password: BENCH_PASSWORD },
  member: { email: 'vip@bench.local', password: BENCH_PASSWORD },
} as const;

/**
 * Rows per INSERT: 1,000 rows of the widest table (video_records, 19 columns) bind 19,000 parameters, under
 * SQLite's 32,766 and PostgreSQL's 65,535.
 */
const BATCH = 1_000;

/** Inserts `rows` in order, BATCH rows per statement. */
async function insertAll<T extends SQLiteTable>(tx: Db, table: T, rows: T['$inferInsert'][]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await tx.insert(table).values(rows.slice(start, start + BATCH) as never);
  }
}

const MEMBERS = 10_000;
/** Share of each tier among the 10,000 members; about 5% are inactive (waiting for an administrator). */
const TIERS: [role: string, share: number][] = [
  ['cafeinas', 0.5],
  ['estrategas', 0.3],
  ['vip', 0.195],
  ['admin', 0.005],
];

const members: Seeder = {
  name: `${MEMBERS.toLocaleString('en')} members across the four tiers`,
  async seed(tx, ctx) {
    const roleId = new Map(
      (await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]),
    );
    const rows: (typeof users.$inferInsert)[] = [];
    const add = (username: string, email: string, role: string, active: boolean, createdAt: string) =>
      rows.push({
        username,
        email,
        phone: null,
        password_hash: ctx.passwordHash,
        role_id: roleId.get(role)!,
        is_active: active,
        token_version: 0,
        created_at: createdAt,
      });
    add('admin', BENCH_ACCOUNTS.admin.email, 'admin', true, new Date(Date.UTC(2024, 0, 1)).toISOString());
    add('vip_bench', BENCH_ACCOUNTS.member.email, 'vip', true, new Date(Date.UTC(2024, 0, 1)).toISOString());
    let n = 0;
    for (const [role, share] of TIERS) {
      const count = Math.round(MEMBERS * share);
      for (let i = 0; i < count; i++, n++) {
        const createdAt = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
        add(`miembro${String(n).padStart(5, '0')}`, `miembro${n}@bench.local`, role, n % 20 !== 7, createdAt);
      }
    }
    await insertAll(tx, users, rows);
  },
};

/** A small deterministic pseudo-random generator (mulberry32), so every run seeds the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(items: readonly T[], rand: () => number): T => items[Math.floor(rand() * items.length)]!;

/** Every active non-admin member, in id order. */
async function activeMembers(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.is_active, true), ne(roles.name, 'admin')))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

async function benchMemberId(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, BENCH_ACCOUNTS.member.email));
  return row!.id;
}

const LIBRARIES = ['membresia', 'cafelito-virtual'] as const;
const CATEGORIES_PER_LIBRARY = 20;
const VIDEOS_PER_CATEGORY = 500;
/** Members other than the bench vip member who have watched some videos. */
const WATCHING_MEMBERS = 3_000;

const libraries: Seeder = {
  name: `${LIBRARIES.length} libraries x ${CATEGORIES_PER_LIBRARY} categories x ${VIDEOS_PER_CATEGORY} videos (${(LIBRARIES.length * CATEGORIES_PER_LIBRARY * VIDEOS_PER_CATEGORY).toLocaleString('en')} in all), with watched marks`,
  async seed(tx) {
    const rand = random(1);
    await insertAll(
      tx,
      libraryCategories,
      LIBRARIES.flatMap((library) =>
        Array.from({ length: CATEGORIES_PER_LIBRARY }, (_, i) => ({
          library,
          nombre: `Módulo ${i + 1}`,
          descripcion: `Lecciones del módulo ${i + 1} de ${library}`,
        })),
      ),
    );
    const categoryId = new Map(
      (
        await tx
          .select({
            id: libraryCategories.id,
            library: libraryCategories.library,
            nombre: libraryCategories.nombre,
          })
          .from(libraryCategories)
      ).map((row) => [`${row.library}/${row.nombre}`, row.id]),
    );
    const videos: (typeof libraryVideos.$inferInsert)[] = [];
    for (const library of LIBRARIES) {
      let orden = 0;
      for (let c = 1; c <= CATEGORIES_PER_LIBRARY; c++) {
        for (let v = 1; v <= VIDEOS_PER_CATEGORY; v++) {
          orden++;
          const fileId = `1${library.slice(0, 3)}${String(orden).padStart(6, '0')}AbCdEfGhIjKlMnOpQr`;
          videos.push({
            library,
            categoria_id: categoryId.get(`${library}/Módulo ${c}`)!,
            titulo: `Lección ${v} del módulo ${c}`,
            descripcion: 'Una lección grabada para los miembros de la comunidad, con ejemplos y ejercicios.',
            url: `https://drive.google.com/file/d/${fileId}/view`,
            material: v % 3 === 0 ? `https://drive.google.com/file/d/${fileId}M/view` : null,
            orden,
            fecha_creacion: new Date(Date.UTC(2024, 0, 1) + orden * 3_600_000).toISOString(),
          });
        }
      }
    }
    await insertAll(tx, libraryVideos, videos);
    // A fresh table numbers rows in insertion order on both engines: these are the videos above, in order.
    const videoIds = (
      await tx.select({ id: libraryVideos.id }).from(libraryVideos).orderBy(asc(libraryVideos.id))
    ).map((row) => row.id);
    // The bench vip member has watched about 40% of every library; thousands of others a handful each.
    // A member may pick the same video twice: the second mark is dropped, as the app's own upsert would.
    const marks = new Map<string, typeof libraryWatched.$inferInsert>();
    const mark = (user_id: number, video_id: number) =>
      marks.has(`${user_id}:${video_id}`) || marks.set(`${user_id}:${video_id}`, { user_id, video_id });
    const vip = await benchMemberId(tx);
    for (const id of videoIds) if (rand() < 0.4) mark(vip, id);
    for (const userId of (await activeMembers(tx)).filter((id) => id !== vip).slice(0, WATCHING_MEMBERS))
      for (let n = Math.floor(rand() * 20); n > 0; n--) mark(userId, pick(videoIds, rand));
    await insertAll(tx, libraryWatched, [...marks.values()]);
  },
};

const SAVED_VIDEOS = 100_000;
const CHANNELS = 300;
const INSTAGRAM_USERS = 300;
/** The channel the benchmark's filtered saved-videos page asks for (it exists in the seed). */
export const BENCH_CHANNEL = 'Canal 7';

const savedVideos: Seeder = {
  name: `${SAVED_VIDEOS.toLocaleString('en')} saved video records (YouTube and Instagram)`,
  async seed(tx) {
    const rand = random(2);
    const savers = await activeMembers(tx);
    const channels = Array.from({ length: CHANNELS }, (_, i) => `Canal ${i + 1}`);
    const accounts = Array.from({ length: INSTAGRAM_USERS }, (_, i) => `Creador ${i + 1}`);
    const start = Date.UTC(2023, 0, 1);
    const span = Date.UTC(2026, 0, 1) - start;
    const rows: NewVideoRecord[] = [];
    for (let i = 0; i < SAVED_VIDEOS; i++) {
      // About two thirds YouTube; the video id is unique, so no member saves the same video twice.
      const youtube = i % 3 !== 2;
      const user_id = pick(savers, rand);
      const when = new Date(start + Math.floor(rand() * span));
      const savedAt = new Date(when.getTime() + Math.floor(rand() * 30 * 86_400_000)).toISOString();
      const duracion = 30 + Math.floor(rand() * 3_600);
      if (youtube) {
        const video_id = `yt${String(i).padStart(9, '0')}`;
        const published = when.toISOString().slice(0, 10);
        // A few channels are popular; most have a handful of saved videos.
        const canal = channels[Math.floor(rand() * rand() * CHANNELS)]!;
        rows.push({
          provider: 'youtube',
          video_id,
          user_id,
          titulo: `Video ${i} de ${canal}`,
          descripcion: 'Descripción del video guardado desde YouTube.',
          duracion,
          url_video: i % 10 === 0 ? null : `https://cobalt.example/tunnel/${video_id}`,
          miniatura: `https://i.ytimg.com/vi/${video_id}/hqdefault.jpg`,
          vistas: Math.floor(rand() * 1_000_000),
          likes: Math.floor(rand() * 50_000),
          calidad_video: '1080p',
          url_audio: '',
          canal,
          fecha_publicacion: published,
          placeholder: false,
          usuario: null,
          fecha_extraccion: null,
          sort_date: published,
          created_at: savedAt,
        });
      } else {
        const video_id = `ig${String(i).padStart(9, '0')}`;
        const usuario = accounts[Math.floor(rand() * rand() * INSTAGRAM_USERS)]!;
        rows.push({
          provider: 'instagram',
          video_id,
          user_id,
          titulo: `Reel ${i} de ${usuario}`,
          descripcion: 'Descripción del reel guardado desde Instagram.',
          duracion,
          url_video: i % 10 === 0 ? null : `https://cdn.instagram.example/${video_id}.mp4`,
          miniatura: `https://cdn.instagram.example/${video_id}.jpg`,
          vistas: 0,
          likes: 0,
          calidad_video: '',
          url_audio: '',
          canal: null,
          fecha_publicacion: null,
          placeholder: false,
          usuario,
          fecha_extraccion: savedAt,
          sort_date: savedAt,
          created_at: savedAt,
        });
      }
    }
    await insertAll(tx, videoRecords, rows);
  },
};

export const SEEDERS: Seeder[] = [members, libraries, savedVideos];
