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
const TIERS: Array<[role: string, share: number]> = [
  ['cafeinas', 0.5],
  ['estrategas', 0.3],
  ['vip', 0.195],
  ['admin', 0.005],
];

const members: Seeder = {
  name: `${MEMBERS.toLocaleString('en')} members across the four tiers`,
  seed(db, ctx) {
    const roleId = new Map(
      (db.prepare('SELECT id, name FROM roles').all() as Array<{ id: number; name: string }>).map((r) => [
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

export const SEEDERS: Seeder[] = [
  members,
  // After merging: libraries, watched marks, saved video records, ... (see the comment at the top).
];
