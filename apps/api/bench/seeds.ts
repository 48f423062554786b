/**
 * EXTENSION POINT (seeding): one seeder per feature, run in order, each inside one transaction on the fresh
 * benchmark database. Written once with drizzle's query builder, so the same rows go into SQLite and
 * PostgreSQL: batched multi-row inserts (BATCH rows per statement), generated batch by batch so that the
 * ten-times seed never holds its million rows in memory. Seeders write only the tables the app writes; any
 * count the app keeps of them is computed once at the end by `afterSeed`. After merging a feature, append its
 * seeder here and its scenarios in scenarios.ts.
 */
import { HISTORY_KINDS } from '@app/contracts';
import type Sqlite from 'better-sqlite3';
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AppDatabase, Db } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { createStatsKeeper } from '../src/modules/stats';
import { recountAll } from '../src/recount-all';
import { roles, users } from '../src/db/schema';
import { auditLog } from '../src/modules/history/schema';
import { libraryCategories, libraryVideos, libraryWatched } from '../src/modules/library/schema';
import { redgramHistory } from '../src/modules/redgram/schema';
import { videoRecords, type NewVideoRecord } from '../src/modules/video-tools/schema';

/** The servers' TIME_ZONE (config's default): the days Estadísticas closes. */
const BENCH_TIME_ZONE = 'Europe/Madrid';

export interface SeedContext {
  /** One argon2id hash of BENCH_PASSWORD, reused by every seeded account (hashing 10,000 would take minutes). */
  passwordHash: string;
  engine: 'sqlite' | 'pg';
  /** 1 for the bench seed, 10 for ten times its members, saved records, watched marks and histories. */
  scale: number;
  /** Dates that the app keeps only for a retention period are seeded within it, counted back from here. */
  now: Date;
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

/** Rows per statement on PostgreSQL, sent as one JSON parameter (SQLite runs one prepared insert per row). */
const BATCH = 5_000;

/**
 * Inserts `rows` (all of one shape: the keys of the first decide the columns) in order, taking them from the
 * iterable one batch at a time. Below drizzle's builder on purpose: building a statement per thousand rows
 * costs more than the database's work for the ten-times seed. SQLite runs a prepared insert per row in the
 * open transaction; PostgreSQL expands a JSON array of rows with json_populate_recordset.
 */
async function insertAll<T extends SQLiteTable>(
  tx: Db,
  ctx: SeedContext,
  table: T,
  rows: Iterable<T['$inferInsert']>,
) {
  const columns = getTableColumns(table);
  const { name } = getTableConfig(table);
  let keys: string[] | undefined;
  let insertRow: Sqlite.Statement | undefined;
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    const list = sql.raw(keys!.map((key) => `"${columns[key]!.name}"`).join(', '));
    await onPg(tx).execute(
      sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(batch)})`,
    );
    batch = [];
  };
  const indexes = await dropIndexes(tx, ctx, name);
  for (const row of rows as Iterable<Record<string, unknown>>) {
    keys ??= Object.keys(row);
    if (ctx.engine === 'sqlite') {
      insertRow ??= tx.$client.prepare(
        `INSERT INTO "${name}" (${keys.map((key) => `"${columns[key]!.name}"`).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
      );
      insertRow.run(keys.map((key) => (row[key] == null ? null : columns[key]!.mapToDriverValue(row[key]))));
    } else {
      batch.push(Object.fromEntries(keys.map((key) => [columns[key]!.name, row[key] ?? null])));
      if (batch.length === BATCH) await flush();
    }
  }
  if (batch.length > 0) await flush();
  for (const definition of indexes) await exec(tx, ctx, definition);
}

const onPg = (tx: Db) => tx as unknown as PgDatabase<PgQueryResultHKT>;

/** Runs one statement of SQL text as it is. */
async function exec(tx: Db, ctx: SeedContext, text: string): Promise<void> {
  if (ctx.engine === 'sqlite') tx.$client.exec(text);
  else await onPg(tx).execute(sql.raw(text));
}

/** An index of a table and the statement that makes it. */
type Found = Record<'name' | 'definition', string>;

/**
 * Drops the secondary indexes of `table` and returns the statements that make them again: an index built
 * once from the loaded rows is far cheaper than one kept up to date through a million random inserts.
 */
async function dropIndexes(tx: Db, ctx: SeedContext, table: string): Promise<string[]> {
  const found: Found[] =
    ctx.engine === 'sqlite'
      ? (tx.$client
          .prepare(
            `SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
          )
          .all(table) as Found[])
      : (
          (await onPg(tx).execute(
            sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = ${table}
                AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
          )) as unknown as { rows: Found[] }
        ).rows;
  for (const { name } of found) await exec(tx, ctx, `DROP INDEX "${name}"`);
  return found.map((index) => index.definition);
}

const count = (n: number) => n.toLocaleString('en');

const MEMBERS = 10_000;
/** Share of each tier among the members; about 5% are inactive (waiting for an administrator). */
const TIERS: [role: string, share: number][] = [
  ['cafeinas', 0.5],
  ['estrategas', 0.3],
  ['vip', 0.195],
  ['admin', 0.005],
];

const members = (scale: number): Seeder => ({
  name: `${count(MEMBERS * scale)} members across the four tiers`,
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
      const inTier = Math.round(MEMBERS * ctx.scale * share);
      for (let i = 0; i < inTier; i++, n++) {
        const createdAt = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
        add(`miembro${String(n).padStart(5, '0')}`, `miembro${n}@bench.local`, role, n % 20 !== 7, createdAt);
      }
    }
    await insertAll(tx, ctx, users, rows);
  },
});

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
/** Members other than the bench vip member who have watched some videos, at scale 1. */
const WATCHING_MEMBERS = 3_000;

/** The library is curated content: its videos stay the same at every scale; the members' marks grow. */
const libraries = (scale: number): Seeder => ({
  name: `${LIBRARIES.length} libraries x ${CATEGORIES_PER_LIBRARY} categories x ${VIDEOS_PER_CATEGORY} videos (${count(LIBRARIES.length * CATEGORIES_PER_LIBRARY * VIDEOS_PER_CATEGORY)} in all), watched by ${count(WATCHING_MEMBERS * scale)} members`,
  async seed(tx, ctx) {
    const rand = random(1);
    await insertAll(
      tx,
      ctx,
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
    await insertAll(tx, ctx, libraryVideos, videos);
    // A fresh table numbers rows in insertion order on both engines: these are the videos above, in order.
    const videoIds = (
      await tx.select({ id: libraryVideos.id }).from(libraryVideos).orderBy(asc(libraryVideos.id))
    ).map((row) => row.id);
    // The bench vip member has watched about 40% of every library; thousands of others a handful each.
    // A member may pick the same video twice: the second mark is dropped, as the app's own upsert would.
    const marks = new Map<string, typeof libraryWatched.$inferInsert>();
    // Each mark is dated on one of the seeded history's days (from 2024-01-01), for Estadísticas' completions.
    const mark = (user_id: number, video_id: number) =>
      marks.has(`${user_id}:${video_id}`) ||
      marks.set(`${user_id}:${video_id}`, {
        user_id,
        video_id,
        completed_at: new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 1000 * 86_400_000)).toISOString(),
      });
    const vip = await benchMemberId(tx);
    for (const id of videoIds) if (rand() < 0.4) mark(vip, id);
    const watching = (await activeMembers(tx))
      .filter((id) => id !== vip)
      .slice(0, WATCHING_MEMBERS * ctx.scale);
    for (const userId of watching)
      for (let n = Math.floor(rand() * 20); n > 0; n--) mark(userId, pick(videoIds, rand));
    await insertAll(tx, ctx, libraryWatched, marks.values());
  },
});

const SAVED_VIDEOS = 100_000;
const CHANNELS = 300;
const INSTAGRAM_USERS = 300;
/** The channel the benchmark's filtered saved-videos page asks for (it exists in the seed). */
export const BENCH_CHANNEL = 'Canal 7';

const savedVideos = (scale: number): Seeder => ({
  name: `${count(SAVED_VIDEOS * scale)} saved video records (YouTube and Instagram)`,
  async seed(tx, ctx) {
    await insertAll(tx, ctx, videoRecords, savedVideoRows(await activeMembers(tx), SAVED_VIDEOS * ctx.scale));
  },
});

function* savedVideoRows(savers: number[], total: number): Generator<NewVideoRecord> {
  const rand = random(2);
  const channels = Array.from({ length: CHANNELS }, (_, i) => `Canal ${i + 1}`);
  const accounts = Array.from({ length: INSTAGRAM_USERS }, (_, i) => `Creador ${i + 1}`);
  const start = Date.UTC(2023, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  for (let i = 0; i < total; i++) {
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
      yield {
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
      };
    } else {
      const video_id = `ig${String(i).padStart(9, '0')}`;
      const usuario = accounts[Math.floor(rand() * rand() * INSTAGRAM_USERS)]!;
      yield {
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
      };
    }
  }
}

/** The bench vip member's own RedGram generations: one member's history does not grow with the community. */
const VIP_GENERATIONS = 60;
/** Generations of the other vip members, at scale 1. */
const GENERATIONS = 20_000;
const REDGRAM_DAYS = 80;

const redgram = (scale: number): Seeder => ({
  name: `${count(GENERATIONS * scale + VIP_GENERATIONS)} RedGram generations ("Mi historial")`,
  async seed(tx, ctx) {
    const rand = random(3);
    const vip = await benchMemberId(tx);
    const [vipRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
    const others = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role_id, vipRole!.id), eq(users.is_active, true), ne(users.id, vip)))
        .orderBy(asc(users.id))
    ).map((row) => row.id);
    const span = REDGRAM_DAYS * 86_400_000;
    function* rows(): Generator<typeof redgramHistory.$inferInsert> {
      for (let i = 0; i < GENERATIONS * ctx.scale + VIP_GENERATIONS; i++) {
        const mode = i % 2 === 0 ? 'escribir' : 'reescribir';
        yield {
          user_id: i < VIP_GENERATIONS ? vip : pick(others, rand),
          profile_id: null,
          profile_name: `Perfil ${(i % 5) + 1}`,
          social_network: i % 3 === 0 ? 'Instagram' : 'Facebook',
          mode,
          input_text: `Tema ${i}: cómo presentar la oferta de la comunidad a nuevos miembros`,
          variants: JSON.stringify([`Texto ${i}, variante 1.`, `Texto ${i}, variante 2.`]),
          created_at: new Date(ctx.now.getTime() - Math.floor(rand() * span)).toISOString(),
        };
      }
    }
    await insertAll(tx, ctx, redgramHistory, rows());
  },
});

/** Administrator actions in Historial, at scale 1, spread over most of its retention period. */
const ACTIONS = 20_000;
const ACTION_DAYS = 300;

const history = (scale: number): Seeder => ({
  name: `${count(ACTIONS * scale)} administrator actions (Historial)`,
  async seed(tx, ctx) {
    const rand = random(4);
    const admins = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(eq(roles.name, 'admin'))
      .orderBy(asc(users.id));
    const span = ACTION_DAYS * 86_400_000;
    function* rows(): Generator<typeof auditLog.$inferInsert> {
      for (let i = 0; i < ACTIONS * ctx.scale; i++) {
        const actor = pick(admins, rand);
        const kind = pick(HISTORY_KINDS, rand);
        yield {
          actor_id: actor.id,
          actor_name: actor.username,
          actor_email: actor.email,
          kind,
          entity_type: kind.split('.')[0]!,
          entity_id: 1 + Math.floor(rand() * 1_000),
          entity_label: `miembro${String(i % 10_000).padStart(5, '0')}`,
          summary: JSON.stringify({ changes: [{ field: 'role', before: 'cafeinas', after: 'vip' }] }),
          created_at: new Date(ctx.now.getTime() - Math.floor(rand() * span)).toISOString(),
        };
      }
    }
    await insertAll(tx, ctx, auditLog, rows());
  },
});

/** The seeders of the bench seed times `scale`, in the order they run (later ones read earlier rows). */
export const seeders = (scale: number): Seeder[] =>
  [members, libraries, savedVideos, redgram, history].map((seeder) => seeder(scale));

/**
 * Runs once after every seeder: the seeders write rows below the repositories, so the counts the app keeps of
 * them (rather than counting on each request) are computed here from the rows, as the backfill migration does.
 */
export async function afterSeed(database: AppDatabase): Promise<void> {
  await recountAll(database);
  // A community that has been running has its finished days closed already: the back-fill happens here, not in
  // the bench server's start-up, whose wait it would lengthen by minutes on the ten-times seed.
  await createStatsKeeper({ database, clock: systemClock, timeZone: BENCH_TIME_ZONE }).closeFinishedDays();
}
