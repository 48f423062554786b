/**
 * EXTENSION POINT (seeding): one seeder per feature, run in order, each inside one transaction on the fresh
 * benchmark database, with plain SQL so 100,000 rows take seconds. After merging a feature, append its seeder
 * here (e.g. libraries: 2 libraries x 20 categories x 500 videos with watched marks; saved videos: 100,000
 * records spread over the members) and its scenarios in scenarios.ts.
 */
import type Database from 'better-sqlite3';

export interface SeedContext {
  /** One argon2id hash of BENCH_PASSWORD, reused by every seeded account (hashing 10,000 would take minutes). */
  passwordHash: string;
  /** Ids of the seeded members, by role name. */
  membersByRole: Map<string, number[]>;
}

export interface Seeder {
  name: string;
  seed(db: Database.Database, ctx: SeedContext): void;
}

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ACCOUNTS = {
  admin: { email: 'admin@bench.local', password: BENCH_PASSWORD },
  member: { email: 'vip@bench.local', password: BENCH_PASSWORD },
} as const;

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
  seed(db, ctx) {
    const roleId = new Map(
      (db.prepare('SELECT id, name FROM roles').all() as { id: number; name: string }[]).map((r) => [
        r.name,
        r.id,
      ]),
    );
    const insert = db.prepare(
      `INSERT INTO users (username, email, phone, password_hash, role_id, is_active, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const add = (username: string, email: string, role: string, active: boolean, createdAt: string) => {
      const id = Number(
        insert.run(username, email, null, ctx.passwordHash, roleId.get(role)!, active ? 1 : 0, createdAt)
          .lastInsertRowid,
      );
      ctx.membersByRole.set(role, [...(ctx.membersByRole.get(role) ?? []), id]);
    };
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

/** Every active non-admin member, then the bench vip member first. */
function activeMembers(db: Database.Database): number[] {
  return (
    db
      .prepare(
        `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
         WHERE u.is_active = 1 AND r.name <> 'admin' ORDER BY u.id`,
      )
      .all() as { id: number }[]
  ).map((row) => row.id);
}

const benchMemberId = (db: Database.Database): number =>
  (db.prepare('SELECT id FROM users WHERE email = ?').get(BENCH_ACCOUNTS.member.email) as { id: number }).id;

const LIBRARIES = ['membresia', 'cafelito-virtual'] as const;
const CATEGORIES_PER_LIBRARY = 20;
const VIDEOS_PER_CATEGORY = 500;
/** Members other than the bench vip member who have watched some videos. */
const WATCHING_MEMBERS = 3_000;

const libraries: Seeder = {
  name: `${LIBRARIES.length} libraries x ${CATEGORIES_PER_LIBRARY} categories x ${VIDEOS_PER_CATEGORY} videos (${(LIBRARIES.length * CATEGORIES_PER_LIBRARY * VIDEOS_PER_CATEGORY).toLocaleString('en')} in all), with watched marks`,
  seed(db) {
    const rand = random(1);
    const insertCategory = db.prepare(
      'INSERT INTO library_categories (library, nombre, descripcion) VALUES (?, ?, ?)',
    );
    const insertVideo = db.prepare(
      `INSERT INTO library_videos (library, categoria_id, titulo, descripcion, url, material, orden, fecha_creacion)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertWatched = db.prepare(
      'INSERT OR IGNORE INTO library_watched (user_id, video_id) VALUES (?, ?)',
    );
    const videoIds: number[] = [];
    for (const library of LIBRARIES) {
      let orden = 0;
      for (let c = 1; c <= CATEGORIES_PER_LIBRARY; c++) {
        const categoriaId = Number(
          insertCategory.run(library, `Módulo ${c}`, `Lecciones del módulo ${c} de ${library}`)
            .lastInsertRowid,
        );
        for (let v = 1; v <= VIDEOS_PER_CATEGORY; v++) {
          orden++;
          const fileId = `1${library.slice(0, 3)}${String(orden).padStart(6, '0')}AbCdEfGhIjKlMnOpQr`;
          const createdAt = new Date(Date.UTC(2024, 0, 1) + orden * 3_600_000).toISOString();
          videoIds.push(
            Number(
              insertVideo.run(
                library,
                categoriaId,
                `Lección ${v} del módulo ${c}`,
                'Una lección grabada para los miembros de la comunidad, con ejemplos y ejercicios.',
                `https://drive.google.com/file/d/${fileId}/view`,
                v % 3 === 0 ? `https://drive.google.com/file/d/${fileId}M/view` : null,
                orden,
                createdAt,
              ).lastInsertRowid,
            ),
          );
        }
      }
    }
    // The bench vip member has watched about 40% of every library; thousands of others a handful each.
    const vip = benchMemberId(db);
    for (const id of videoIds) if (rand() < 0.4) insertWatched.run(vip, id);
    for (const userId of activeMembers(db)
      .filter((id) => id !== vip)
      .slice(0, WATCHING_MEMBERS))
      for (let n = Math.floor(rand() * 20); n > 0; n--) insertWatched.run(userId, pick(videoIds, rand));
  },
};

const SAVED_VIDEOS = 100_000;
const CHANNELS = 300;
const INSTAGRAM_USERS = 300;
/** The channel the benchmark's filtered saved-videos page asks for (it exists in the seed). */
export const BENCH_CHANNEL = 'Canal 7';

const savedVideos: Seeder = {
  name: `${SAVED_VIDEOS.toLocaleString('en')} saved video records (YouTube and Instagram)`,
  seed(db) {
    const rand = random(2);
    const savers = activeMembers(db);
    const channels = Array.from({ length: CHANNELS }, (_, i) => `Canal ${i + 1}`);
    const accounts = Array.from({ length: INSTAGRAM_USERS }, (_, i) => `Creador ${i + 1}`);
    const insert = db.prepare(
      `INSERT INTO video_records (provider, video_id, user_id, titulo, descripcion, duracion, url_video, miniatura,
         vistas, likes, calidad_video, url_audio, canal, fecha_publicacion, placeholder, usuario, fecha_extraccion,
         sort_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const start = Date.UTC(2023, 0, 1);
    const span = Date.UTC(2026, 0, 1) - start;
    for (let i = 0; i < SAVED_VIDEOS; i++) {
      // About two thirds YouTube; the video id is unique, so no member saves the same video twice.
      const youtube = i % 3 !== 2;
      const userId = pick(savers, rand);
      const when = new Date(start + Math.floor(rand() * span));
      const savedAt = new Date(when.getTime() + Math.floor(rand() * 30 * 86_400_000)).toISOString();
      const duracion = 30 + Math.floor(rand() * 3_600);
      if (youtube) {
        const videoId = `yt${String(i).padStart(9, '0')}`;
        const published = when.toISOString().slice(0, 10);
        // A few channels are popular; most have a handful of saved videos.
        const canal = channels[Math.floor(rand() * rand() * CHANNELS)]!;
        insert.run(
          'youtube',
          videoId,
          userId,
          `Video ${i} de ${canal}`,
          'Descripción del video guardado desde YouTube.',
          duracion,
          i % 10 === 0 ? null : `https://cobalt.example/tunnel/${videoId}`,
          `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
          Math.floor(rand() * 1_000_000),
          Math.floor(rand() * 50_000),
          '1080p',
          '',
          canal,
          published,
          0,
          null,
          null,
          published,
          savedAt,
        );
      } else {
        const videoId = `ig${String(i).padStart(9, '0')}`;
        const usuario = accounts[Math.floor(rand() * rand() * INSTAGRAM_USERS)]!;
        insert.run(
          'instagram',
          videoId,
          userId,
          `Reel ${i} de ${usuario}`,
          'Descripción del reel guardado desde Instagram.',
          duracion,
          i % 10 === 0 ? null : `https://cdn.instagram.example/${videoId}.mp4`,
          `https://cdn.instagram.example/${videoId}.jpg`,
          0,
          0,
          '',
          '',
          null,
          null,
          0,
          usuario,
          savedAt,
          savedAt,
          savedAt,
        );
      }
    }
  },
};

export const SEEDERS: Seeder[] = [members, libraries, savedVideos];
