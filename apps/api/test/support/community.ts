/**
 * A small community on one in-memory database, every member signed in, saved as a snapshot so that each test
 * (or each route) starts from the same state on a fresh app. Shared by the access-matrix and fuzz tests.
 */
import { SEED_ROLES, type ToolName } from '@app/contracts';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { FAKES } from '../fakes';
import { ADMIN, addUser, signIn } from '../helper';

/** Secrets planted in the configuration and the database: no answer may ever contain one. */
export const SECRETS = {
  sessionSecret: 'matrix-session-secret-0123456789-abcdefghij',
  youtube: 'AIzaFAKE-youtube-key-never-leaks-1234',
  cobalt: 'FAKE-cobalt-key-never-leaks-5678',
  instagram: 'FAKE-instagram-key-never-leaks-9012',
  gemini: 'AIzaFAKE-gemini-key-never-leaks-3456',
} as const;

/**
 * The configuration: planted keys, then every fake third-party service's environment (test/fakes), so routes
 * that call Gemini, YouTube... reach a real local server instead of hanging on the closed network.
 */
export const communityConfig = (
  fakesEnv: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Config => ({
  ...loadConfig({
    env: {
      DATABASE_PATH: ':memory:',
      LOG_LEVEL: 'silent',
      OUTGOING_TIMEOUT_MS: '2000',
      SESSION_SECRET: SECRETS.sessionSecret,
      YOUTUBE_API_KEY: SECRETS.youtube,
      COBALT_API_KEY: SECRETS.cobalt,
      INSTAGRAM_API_KEY: SECRETS.instagram,
      API_DOCS: 'admin',
      ...fakesEnv,
    },
  }),
  admin: ADMIN,
  ...overrides,
});

/** Values of the configuration that are secrets (keys, passwords, tokens), planted or from a fake. */
const secretValues = (env: Record<string, string>): string[] => [
  ...Object.values(SECRETS),
  ...Object.entries(env)
    .filter(([name, value]) => /KEY|SECRET|TOKEN|PASSWORD/i.test(name) && value.length >= 8)
    .map(([, value]) => value),
];

/**
 * EXTENSION POINT: plant data of other members and secrets kept in the database, so the access matrix can
 * prove they never reach the wrong person (after merging: the Gemini key through the AI tools' settings
 * table, saved videos and watched marks of the victim, ...). `victimId` is a member nobody else may see.
 */
function plantData(db: Db, _ids: { victimId: number; adminId: number }): void {
  db.insert(schema.settings).values({ key: 'gemini_api_key', value: SECRETS.gemini }).run();
}

export type PrincipalName = 'anonymous' | 'inactive' | 'cafeinas' | 'vip' | 'configOnly' | 'admin';

export interface Principal {
  name: PrincipalName;
  email?: string;
  password?: string;
  cookie?: string;
  id?: number;
  /** What the principal is expected to be allowed to use. null: no valid session. */
  seenAs: { admin: boolean; tools: readonly ToolName[] } | null;
}

export interface Community {
  snapshot: Buffer;
  /** Environment pointing at the started fakes. */
  fakesEnv: Record<string, string>;
  secrets: string[];
  close(): Promise<void>;
  principals: Principal[];
  victim: { id: number; email: string; username: string; phone: string };
  /** Every member's email: a non-admin's answers may contain their own only. */
  emails: Map<PrincipalName | 'victim', string>;
}

const tiers = (name: string) => SEED_ROLES.find((r) => r.name === name)!.tools;

export async function buildCommunity(): Promise<Community> {
  const fakes = await Promise.all(FAKES.map((fake) => fake.start()));
  const fakesEnv: Record<string, string> = Object.assign({}, ...fakes.map((fake) => fake.env));
  const db = openDatabase(':memory:');
  const app = await buildApp(communityConfig(fakesEnv), { db });
  const customRole = db
    .insert(schema.roles)
    .values({ name: 'soloconfig', description: 'Solo configuración' })
    .returning({ id: schema.roles.id })
    .get();
  const configTool = db.select().from(schema.tools).where(eq(schema.tools.name, 'config')).get()!;
  db.insert(schema.rolePermissions).values({ role_id: customRole.id, tool_id: configTool.id }).run();

  const victim = await addUser(db, {
    email: 'victima@example.com',
    username: 'victima_miembro',
    role: 'vip',
  });
  db.update(schema.users).set({ phone: '+34 600 111 222' }).where(eq(schema.users.id, victim.id)).run();
  const adminRow = db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email)).get()!;

  const members: Array<[PrincipalName, string, Principal['seenAs']]> = [
    ['inactive', 'vip', null],
    ['cafeinas', 'cafeinas', { admin: false, tools: tiers('cafeinas') }],
    ['vip', 'vip', { admin: false, tools: tiers('vip') }],
    ['configOnly', 'soloconfig', { admin: false, tools: ['config'] }],
  ];
  const principals: Principal[] = [{ name: 'anonymous', seenAs: null }];
  for (const [name, role, seenAs] of members) {
    const user = await addUser(db, {
      email: `${name.toLowerCase()}@example.com`,
      username: `miembro_${name}`,
      role,
    });
    principals.push({ name, ...user, cookie: await signIn(app, user.email, user.password), seenAs });
  }
  principals.push({
    name: 'admin',
    id: adminRow.id,
    ...ADMIN,
    cookie: await signIn(app, ADMIN.email, ADMIN.password),
    seenAs: { admin: true, tools: tiers('admin') },
  });
  // Signed in while active, then deactivated by an administrator: the old cookie must stop working.
  const inactive = principals.find((p) => p.name === 'inactive')!;
  db.update(schema.users).set({ is_active: false }).where(eq(schema.users.id, inactive.id!)).run();

  plantData(db, { victimId: victim.id, adminId: adminRow.id });
  await app.close();
  const snapshot = db.$client.serialize();
  db.$client.close();

  const emails = new Map<PrincipalName | 'victim', string>([['victim', victim.email]]);
  for (const p of principals) if (p.email) emails.set(p.name, p.email);
  return {
    snapshot,
    fakesEnv,
    secrets: secretValues(fakesEnv),
    close: async () => {
      await Promise.all(fakes.map((fake) => fake.close()));
    },
    principals,
    victim: { id: victim.id, email: victim.email, username: 'victima_miembro', phone: '+34 600 111 222' },
    emails,
  };
}

/** A fresh app on a copy of the community's database. */
export async function appFromSnapshot(
  community: Community,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; db: Db; close: () => Promise<void> }> {
  const sqlite = new Database(community.snapshot);
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema }) as Db;
  const app = await buildApp(communityConfig(community.fakesEnv, overrides), { db });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      sqlite.close();
    },
  };
}

/** Secrets no answer may contain, whoever asks: keys, password hashes, session tokens. */
export function secretLeaks(community: Community, body: string): string[] {
  const found: string[] = [];
  for (const value of community.secrets)
    if (body.includes(value)) found.push(`secret ${value.slice(0, 6)}...`);
  if (body.includes('$argon2')) found.push('password hash');
  if (/eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/.test(body)) found.push('session token (JWT)');
  if (/password_hash|token_version/.test(body)) found.push('credential column');
  return found;
}
