/**
 * A small community on one in-memory database, every member signed in, saved as a snapshot so that each test
 * (or each route) starts from the same state on a fresh app. Shared by the access-matrix and fuzz tests.
 */
import { LIBRARY_NAMES, SEED_ROLES, TEXTO_DEFAULT_PROMPTS, type ToolName } from '@app/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { inject } from 'vitest';
import { loadConfig, type Config, type DatabaseTarget } from '../../src/config';
import { openDatabase, type AppDatabase, type Db } from '../../src/db/client';
import { openPgAppDatabase } from '../../src/db/client.pg';
import * as schema from '../../src/db/schema';
import { passwordResetTokens } from '../../src/modules/accounts/schema';
import { libraryCategories, libraryVideos, libraryWatched } from '../../src/modules/library/schema';
import { redgramConfig, redgramLogs, redgramProfiles } from '../../src/modules/redgram/schema';
import { textoConfig } from '../../src/modules/texto/schema';
import { videoRecords } from '../../src/modules/video-tools/schema';
import { FAKES, type StartedFake } from '../fakes';
import type { FakeSmtp } from '../fakes/smtp';
import { ADMIN, addUser, signInWithEmailCode } from '../helper';
import { directDb, ENGINE } from './engine';
import { copyPgDatabase, dropPgDatabase } from './pg-databases';

/** Secrets planted in the configuration and the database: no answer may ever contain one. */
export const SECRETS = {
  sessionSecret: 'matrix-session-secret-0123456789-abcdefghij',
  youtube: 'AIzaFAKE-youtube-key-never-leaks-1234',
  cobalt: 'FAKE-cobalt-key-never-leaks-5678',
  instagram: 'FAKE-instagram-key-never-leaks-9012',
  gemini: 'AIzaFAKE-gemini-key-never-leaks-3456',
  textoGemini: 'AIzaFAKE-texto-gemini-key-never-leaks-7788',
  redgramGemini: 'AIzaFAKE-redgram-gemini-key-never-leaks-9900',
  /** The stored hash of the victim's password-reset link: only its e-mail may ever carry the token. */
  resetTokenHash: '5f0c1b7e2a9d4c3b8e6f1a0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b',
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
      // The community's administrator signs in with the emailed code; no authenticator app is required.
      REQUIRE_ADMIN_2FA_ON_NEW_INSTALL: 'false',
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
 * Plants data of other members and secrets kept in the database, so the access matrix can prove they never
 * reach the wrong person: the Gemini keys of the text tools' and RedGram's settings, and the victim's saved
 * video, watched mark, RedGram profile and log, and password-reset link. The victim's records carry the
 * victim's username and phone, which no non-admin answer may contain. `victimId` is a member nobody else may see.
 */
async function plantData(db: Db, { victimId }: { victimId: number; adminId: number }): Promise<void> {
  const victimMark = `victima_miembro +34 600 111 222`;
  await db.insert(schema.settings).values({ key: 'gemini_api_key', value: SECRETS.gemini });
  await db.insert(textoConfig).values({
    id: 1,
    api_url: '',
    prompt_ortografia: TEXTO_DEFAULT_PROMPTS.ortografia,
    prompt_herramienta2: TEXTO_DEFAULT_PROMPTS.herramienta2,
    gemini_api_key: SECRETS.textoGemini,
  });
  await db.insert(redgramConfig).values({
    id: 1,
    prompt_escribir: 'Escribe un texto para el perfil.',
    prompt_reescribir: 'Reescribe el texto para el perfil.',
    gemini_api_key: SECRETS.redgramGemini,
  });

  await db.insert(videoRecords).values({
    provider: 'youtube',
    video_id: 'dQw4w9WgXcQ',
    user_id: victimId,
    titulo: `Video guardado por ${victimMark}`,
    descripcion: victimMark,
    canal: `Canal de ${victimMark}`,
    fecha_publicacion: '2025-01-15',
    sort_date: '2025-01-15',
  });
  await db.insert(videoRecords).values({
    provider: 'instagram',
    video_id: 'C0victim01',
    user_id: victimId,
    titulo: `Reel guardado por ${victimMark}`,
    descripcion: victimMark,
    usuario: `Cuenta de ${victimMark}`,
    fecha_extraccion: '2025-01-16T10:00:00.000Z',
    sort_date: '2025-01-16T10:00:00.000Z',
  });

  for (const library of LIBRARY_NAMES) {
    const [category] = await db
      .insert(libraryCategories)
      .values({ library, nombre: 'Primeros pasos', descripcion: '' })
      .returning({ id: libraryCategories.id });
    const [video] = await db
      .insert(libraryVideos)
      .values({
        library,
        categoria_id: category!.id,
        titulo: 'Bienvenida',
        url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view',
        orden: 1,
        fecha_creacion: '2025-01-01T00:00:00.000Z',
      })
      .returning({ id: libraryVideos.id });
    await db.insert(libraryWatched).values({ user_id: victimId, video_id: video!.id });
  }

  const [profile] = await db
    .insert(redgramProfiles)
    .values({
      user_id: victimId,
      name: `Perfil de ${victimMark}`,
      social_network: 'Instagram',
      sector: 'Cafeterías',
      target_audience: victimMark,
      specific_audience: victimMark,
      visual_optimization: 'Sí',
    })
    .returning({ id: redgramProfiles.id });
  await db.insert(redgramLogs).values({
    user_id: victimId,
    profile_id: profile!.id,
    mode: 'escribir',
    input_text: `Texto privado de ${victimMark}`,
    prompt: `Prompt con el texto de ${victimMark}`,
    api_response: `Respuesta para ${victimMark}`,
  });

  await db.insert(passwordResetTokens).values({
    user_id: victimId,
    token_hash: SECRETS.resetTokenHash,
    expires_at: '2999-01-01T00:00:00.000Z',
  });
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
  snapshot: Snapshot;
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
  const { database, target, snapshot } = await openSnapshotDatabase();
  const db = directDb(database);
  const app = await buildApp(communityConfig(fakesEnv, { database: target }), { db: database });
  const [customRole] = await db
    .insert(schema.roles)
    .values({ name: 'soloconfig', description: 'Solo configuración' })
    .returning({ id: schema.roles.id });
  const configTool = (await db.select().from(schema.tools).where(eq(schema.tools.name, 'config')))[0]!;
  await db.insert(schema.rolePermissions).values({ role_id: customRole!.id, tool_id: configTool.id });

  const victim = await addUser(db, {
    email: 'victima@example.com',
    username: 'victima_miembro',
    role: 'vip',
  });
  await db.update(schema.users).set({ phone: '+34 600 111 222' }).where(eq(schema.users.id, victim.id));
  const adminRow = (await db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email)))[0]!;

  const members: [PrincipalName, string, Principal['seenAs']][] = [
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
    // A role holding 'config' administers: its new device is asked for the emailed code too.
    const cookie = await signInWithEmailCode(app, user.email, user.password, smtpOf(fakes));
    principals.push({ name, ...user, cookie, seenAs });
  }
  principals.push({
    name: 'admin',
    id: adminRow.id,
    ...ADMIN,
    cookie: await signInWithEmailCode(app, ADMIN.email, ADMIN.password, smtpOf(fakes)),
    seenAs: { admin: true, tools: tiers('admin') },
  });
  // The administrator confirmed their identity on that session (sudo mode), for the whole run: the routes
  // that ask for it are exercised with their input; the members' sessions are not confirmed.
  await db
    .update(schema.sessions)
    .set({ confirmed_until: '2999-01-01T00:00:00.000Z' })
    .where(eq(schema.sessions.user_id, adminRow.id));
  // Signed in while active, then deactivated by an administrator: the old cookie must stop working.
  const inactive = principals.find((p) => p.name === 'inactive')!;
  await db.update(schema.users).set({ is_active: false }).where(eq(schema.users.id, inactive.id!));

  await plantData(db, { victimId: victim.id, adminId: adminRow.id });
  await app.close();
  await snapshot.save();
  await database.close();

  const emails = new Map<PrincipalName | 'victim', string>([['victim', victim.email]]);
  for (const p of principals) if (p.email) emails.set(p.name, p.email);
  const savedSnapshot = snapshot.saved();
  return {
    snapshot: savedSnapshot,
    fakesEnv,
    secrets: secretValues(fakesEnv),
    close: async () => {
      await Promise.all(fakes.map((fake) => fake.close()));
      await settleCopies(savedSnapshot);
    },
    principals,
    victim: { id: victim.id, email: victim.email, username: 'victima_miembro', phone: '+34 600 111 222' },
    emails,
  };
}

/** The community's database, saved: SQLite's file as bytes, or a PostgreSQL database used as a template. */
export type Snapshot = { engine: 'sqlite'; bytes: Buffer } | { engine: 'postgres'; template: string };

/** The fake SMTP server among the started fakes (the administrator's sign-in code arrives there). */
const smtpOf = (fakes: StartedFake[]) =>
  fakes.find((fake): fake is FakeSmtp => 'messages' in fake) ?? {
    messages: () => [] as readonly { to: string[]; text: string }[],
  };

/** A database of its own for the community (never handed to another test), and how to save it. */
async function openSnapshotDatabase() {
  if (ENGINE === 'sqlite') {
    const database = openDatabase(':memory:');
    let saved: Snapshot | undefined;
    return {
      database,
      target: { dialect: 'sqlite', path: ':memory:' } as DatabaseTarget,
      snapshot: {
        save: async () => {
          saved = { engine: 'sqlite', bytes: database.writer.$client.serialize() };
        },
        saved: () => saved!,
      },
    };
  }
  const { name, url } = await copyPgDatabase(inject('pgTemplate'));
  return {
    database: await openPgAppDatabase(url, { max: 4 }),
    target: { dialect: 'pg', url } as DatabaseTarget,
    // The database itself is the snapshot once its connections are closed.
    snapshot: { save: async () => {}, saved: (): Snapshot => ({ engine: 'postgres', template: name }) },
  };
}

/**
 * The next copy of each PostgreSQL snapshot, made while the previous one is in use: the access matrix takes a
 * copy per route, and a copy takes a few hundred milliseconds.
 */
const nextCopies = new Map<string, Promise<{ name: string; url: string }>>();
/** Copies given back, being dropped while the tests go on; the community's close waits for them. */
const drops = new Set<Promise<void>>();

function takeCopy(template: string): Promise<{ name: string; url: string }> {
  const copy = nextCopies.get(template) ?? copyPgDatabase(template);
  const next = copyPgDatabase(template);
  // A failed copy fails the test that takes it.
  next.catch(() => undefined);
  nextCopies.set(template, next);
  return copy;
}

/**
 * Drops under way at once. Each forces a checkpoint, which takes seconds on a busy machine; unbounded, the
 * drops of a few routes at a time held enough connections to exhaust the server's slots.
 */
const DROPS_AT_ONCE = 3;
let dropping = 0;
const waitingDrops: (() => void)[] = [];

async function boundedDrop(name: string): Promise<void> {
  // A finished drop hands its place to the next waiting one.
  if (dropping >= DROPS_AT_ONCE) await new Promise<void>((resolve) => waitingDrops.push(resolve));
  else dropping += 1;
  try {
    await dropPgDatabase(name);
  } finally {
    const next = waitingDrops.shift();
    if (next) next();
    else dropping -= 1;
  }
}

function dropLater(name: string): void {
  const drop = boundedDrop(name).finally(() => drops.delete(drop));
  drop.catch(() => undefined);
  drops.add(drop);
}

/** Drops the copy made ahead for `snapshot` and waits for the copies being dropped. */
async function settleCopies(snapshot: Snapshot): Promise<void> {
  if (snapshot.engine === 'postgres') {
    const next = nextCopies.get(snapshot.template);
    nextCopies.delete(snapshot.template);
    if (next) dropLater((await next).name);
  }
  await Promise.all(drops);
}

/** A fresh app on a copy of the community's database. */
export async function appFromSnapshot(
  community: Community,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; db: Db; close: () => Promise<void> }> {
  const { snapshot } = community;
  let database: AppDatabase;
  let target: DatabaseTarget;
  let cleanup = async () => {};
  if (snapshot.engine === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'community-'));
    const file = path.join(dir, 'app.db');
    writeFileSync(file, snapshot.bytes);
    database = openDatabase(file);
    target = { dialect: 'sqlite', path: ':memory:' };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const copy = await takeCopy(snapshot.template);
    database = await openPgAppDatabase(copy.url, { max: 4 });
    target = { dialect: 'pg', url: copy.url };
    cleanup = async () => dropLater(copy.name);
  }
  const app = await buildApp(communityConfig(community.fakesEnv, { database: target, ...overrides }), {
    db: database,
  });
  await app.ready();
  return {
    app,
    db: directDb(database),
    close: async () => {
      await app.close();
      await database.close();
      await cleanup();
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
