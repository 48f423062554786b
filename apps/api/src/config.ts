import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'debe ser una URL http(s) válida' })
  .transform((value) => value.replace(/\/+$/, ''));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'debe ser true o false' })
  .transform((value) => value === 'true' || value === '1');

const envPairs = z.record(z.string().min(1).max(100), z.string().max(2000)).default({});

/** One connection of AI_CONNECTIONS; `id` names it in the tools' settings as `env:<id>`. */
const EnvAiConnection = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,40}$/i, 'id: letras, números, - o _'),
  name: z.string().trim().min(1).max(80),
  provider: z.enum(['gemini', 'openai']),
  base_url: z.string().trim().max(500).default(''),
  api_key: z.string().max(200).default(''),
  headers: envPairs,
  query: envPairs,
  default_model: z.string().trim().max(200).default(''),
});
export type EnvAiConnection = z.infer<typeof EnvAiConnection>;

/** The environment variables the server reads. All are optional; the defaults run on an embedded SQLite file. */
const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'debe ser un número' }).int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** `file:<path>` (or a bare path) is SQLite; `postgres://` / `postgresql://` is PostgreSQL. */
  DATABASE_URL: optionalString,
  /** The SQLite file: the older name of `DATABASE_URL=file:<path>`, still honoured. */
  DATABASE_PATH: optionalString,
  ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'debe ser un correo electrónico válido' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'debe tener al menos 6 caracteres').optional()),
  /** base64 of 32 bytes: the key of the secrets stored in the database (instead of the key file). */
  SECRETS_KEY: optionalString,
  /** The key file; default beside the SQLite file, or ./data/secrets.key with PostgreSQL. */
  SECRETS_KEY_FILE: optionalString,
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'debe tener al menos 32 caracteres').optional()),
  APP_URL: optionalString.pipe(httpUrl.optional()),
  MEMBERSHIP_PLANS_URL: optionalString.pipe(httpUrl.optional()),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: booleanFlag.default(false),
  // Whether a new installation starts with «Exigir verificación en dos pasos» on for administrators (Configuración
  // changes it afterwards; an existing installation is not touched by it).
  REQUIRE_ADMIN_2FA_ON_NEW_INSTALL: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'debe ser una zona horaria IANA, por ejemplo Europe/Madrid')
    .default('Europe/Madrid'),
  // Sign-ups allowed per client IP and hour (a community that signs members up at one event raises it).
  REGISTER_LIMIT_PER_IP: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(1)
    .max(100_000)
    .default(10),
  // Password-recovery requests allowed per client IP and hour (members behind one shared address raise it).
  RECOVERY_LIMIT_PER_IP: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(1)
    .max(100_000)
    .default(10),
  // Email (password recovery). Without SMTP_URL, messages are written as .eml files under OUTBOX_DIR.
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'debe ser una URL smtp:// o smtps://' }).optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Comunidad <no-reply@localhost>'),
  OUTBOX_DIR: optionalString,
  // Outgoing calls to third-party services.
  OUTGOING_TIMEOUT_MS: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(100)
    .max(120_000)
    .default(15_000),
  // Comunicados by email: messages per second each sending node allows itself, and recipients per batch job.
  ANNOUNCEMENTS_PER_SECOND: z.coerce.number({ error: 'debe ser un número' }).min(0.1).max(10_000).default(10),
  ANNOUNCEMENTS_BATCH_SIZE: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(1)
    .max(5_000)
    .default(100),
  // How long each member's RedGram history ("Mi historial") is kept.
  REDGRAM_HISTORY_DAYS: z.coerce.number({ error: 'debe ser un número' }).int().min(1).max(3_650).default(90),
  // How long the administrators' action history (Configuración, Historial) is kept.
  HISTORY_RETENTION_DAYS: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(1)
    .max(36_500)
    .default(365),
  GEMINI_MODEL: z.string().trim().min(1).default('gemini-flash-latest'),
  GEMINI_BASE_URL: optionalString.pipe(httpUrl.optional()),
  // The longest answer an AI tool asks an OpenAI-compatible server for, and the longest it reads from any provider.
  AI_MAX_OUTPUT_TOKENS: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(16)
    .max(65_536)
    .default(4_096),
  AI_MAX_ANSWER_CHARS: z.coerce
    .number({ error: 'debe ser un número' })
    .int()
    .min(100)
    .max(1_000_000)
    .default(40_000),
  /** AI connections defined by file (JSON array): shown read-only in /config, chosen by the tools like any other. */
  AI_CONNECTIONS: optionalString.pipe(
    z
      .string()
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'debe ser un JSON válido (una lista de conexiones)' });
          return z.NEVER;
        }
      })
      .pipe(z.array(EnvAiConnection))
      .optional(),
  ),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_URL: httpUrl.default('https://www.googleapis.com/youtube/v3'),
  YOUTUBE_OEMBED_URL: httpUrl.default('https://www.youtube.com/oembed'),
  COBALT_API_URL: optionalString.pipe(httpUrl.optional()),
  COBALT_API_KEY: optionalString,
  INSTAGRAM_API_URL: optionalString.pipe(httpUrl.optional()),
  INSTAGRAM_API_KEY: optionalString,
  // Payments (Stripe). Without STRIPE_SECRET_KEY, "Actualizar mi membresía" opens MEMBERSHIP_PLANS_URL as before.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Where the Stripe SDK sends its calls: tests point it at a local stand-in (host, port and protocol).
  STRIPE_API_URL: optionalString.pipe(httpUrl.optional()),
  API_DOCS: z.enum(['public', 'admin', 'off'], { error: 'debe ser public, admin u off' }).default('admin'),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  /** The database the server runs on (DATABASE_URL, or DATABASE_PATH as an alias for a SQLite file). */
  database: DatabaseTarget;
  /** The SQLite file path, or ':memory:' (tests); for PostgreSQL, '' (no local file). */
  databasePath: string;
  admin: { email: string | undefined; password: string | undefined };
  sessionSecret: string | undefined;
  appUrl: string | undefined;
  membershipPlansUrl: string | undefined;
  /** The built web app to serve; undefined serves the API only. */
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** A new installation requires a second factor of administrators (REQUIRE_ADMIN_2FA_ON_NEW_INSTALL). */
  requireAdmin2faOnNewInstall: boolean;
  /** Sign-ups allowed per client IP in the registration window. */
  registerLimitPerIp: number;
  /** Password-recovery requests allowed per client IP and hour. */
  recoveryLimitPerIp: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Dates shown to people (admin tables) are formatted in this IANA zone. */
  timeZone: string;
  mail: {
    /** smtp(s)://user:pass@host:port; undefined writes .eml files to outboxDir instead. */
    smtpUrl: string | undefined;
    from: string;
    /** Where messages go without SMTP; undefined (in-memory database) keeps them in memory only. */
    outboxDir: string | undefined;
  };
  /** Timeout of every outgoing call to a third-party service. */
  outgoingTimeoutMs: number;
  /** Comunicados by email: the sending rate of each node, and recipients per batch job. */
  announcements: { perSecond: number; batchSize: number };
  gemini: { model: string; baseUrl: string | undefined };
  /** Limits on every AI answer: tokens asked of an OpenAI-compatible server, characters read from any provider. */
  ai: { maxOutputTokens: number; maxAnswerChars: number };
  /** The AI connections of AI_CONNECTIONS (read-only on the screen). */
  aiConnections: EnvAiConnection[];
  /** Days a member's RedGram generations stay in "Mi historial". */
  redgramHistoryDays: number;
  /** Days an entry of the administrators' action history (Historial) is kept. */
  historyRetentionDays: number;
  youtube: { apiKey: string | undefined; dataApiUrl: string; oembedUrl: string };
  cobalt: { url: string | undefined; apiKey: string | undefined };
  instagram: { url: string | undefined; apiKey: string | undefined };
  /** Stripe: the secret key and webhook signing secret (never sent to the browser), and the API's base URL. */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string | undefined };
  /** Who may read the OpenAPI document and the docs page: everyone, administrators only, or nobody. */
  apiDocs: 'public' | 'admin' | 'off';
  /** The key of the secrets kept in the database, or the file that holds it (never in the database). */
  secrets: { key: string | undefined; keyFile: string | undefined };
}

export type DatabaseTarget = { dialect: 'sqlite'; path: string } | { dialect: 'pg'; url: string };

/** DATABASE_URL (or DATABASE_PATH) as a database target; the default is the embedded SQLite file. */
function databaseTarget(url: string | undefined, legacyPath: string | undefined): DatabaseTarget | string {
  if (url && /^postgres(ql)?:\/\//i.test(url)) return { dialect: 'pg', url };
  if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file:')) {
    return 'DATABASE_URL: debe ser file:<ruta> (SQLite) o postgres://usuario:clave@servidor/base (PostgreSQL)';
  }
  const raw = url ? url.replace(/^file:(\/\/)?/, '') : (legacyPath ?? './data/app.db');
  if (raw === '') return 'DATABASE_URL: falta la ruta del archivo SQLite (file:./data/app.db)';
  return { dialect: 'sqlite', path: raw === ':memory:' ? ':memory:' : path.resolve(raw) };
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Configuración inválida:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The only reader of the environment. Throws ConfigError with one readable line per problem. */
export function loadConfig(
  options: { env?: Record<string, string | undefined>; webDistDir?: string } = {},
): Config {
  const env = options.env ?? process.env;
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const database = databaseTarget(e.DATABASE_URL, e.DATABASE_PATH);
  if (typeof database === 'string') throw new ConfigError([database]);
  const databasePath = database.dialect === 'sqlite' ? database.path : '';
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    databasePath,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    sessionSecret: e.SESSION_SECRET,
    appUrl: e.APP_URL,
    membershipPlansUrl: e.MEMBERSHIP_PLANS_URL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : options.webDistDir,
    trustProxy: e.TRUST_PROXY,
    requireAdmin2faOnNewInstall: e.REQUIRE_ADMIN_2FA_ON_NEW_INSTALL,
    registerLimitPerIp: e.REGISTER_LIMIT_PER_IP,
    recoveryLimitPerIp: e.RECOVERY_LIMIT_PER_IP,
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: e.OUTBOX_DIR
        ? path.resolve(e.OUTBOX_DIR)
        : databasePath === ':memory:' || databasePath === ''
          ? undefined
          : path.join(path.dirname(databasePath), 'outbox'),
    },
    outgoingTimeoutMs: e.OUTGOING_TIMEOUT_MS,
    announcements: { perSecond: e.ANNOUNCEMENTS_PER_SECOND, batchSize: e.ANNOUNCEMENTS_BATCH_SIZE },
    gemini: { model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL },
    ai: { maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS, maxAnswerChars: e.AI_MAX_ANSWER_CHARS },
    aiConnections: e.AI_CONNECTIONS ?? [],
    redgramHistoryDays: e.REDGRAM_HISTORY_DAYS,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    youtube: { apiKey: e.YOUTUBE_API_KEY, dataApiUrl: e.YOUTUBE_API_URL, oembedUrl: e.YOUTUBE_OEMBED_URL },
    cobalt: { url: e.COBALT_API_URL, apiKey: e.COBALT_API_KEY },
    instagram: { url: e.INSTAGRAM_API_URL, apiKey: e.INSTAGRAM_API_KEY },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    apiDocs: e.API_DOCS,
    secrets: {
      key: e.SECRETS_KEY,
      keyFile: e.SECRETS_KEY_FILE
        ? path.resolve(e.SECRETS_KEY_FILE)
        : databasePath === ':memory:'
          ? undefined
          : databasePath === ''
            ? path.resolve('data/secrets.key')
            : path.join(path.dirname(databasePath), 'secrets.key'),
    },
  };
}

/**
 * Whether this process is one of the test runner's workers (vitest sets VITEST in them). The servers and commands
 * tests start as processes are not: they get only the environment the test gives them.
 */
export function inTestRunner(): boolean {
  return process.env.VITEST === 'true';
}

/** A configuration for tests: in-memory database, quiet logs, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // A test that names a database file gets it as its target too (the rate limits open their own connection).
  return {
    ...loadConfig({
      env: {
        DATABASE_PATH: overrides.databasePath ?? ':memory:',
        // Quiet unless a developer asks to see a test's server log (TEST_LOG_LEVEL=error pnpm test ...).
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      },
    }),
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    // A fixed key, so a test that reopens a database file reads its secrets.
    secrets: { key: 'dGVzdC1zZWNyZXRzLWtleS0zMi1ieXRlcy1sb25nISE=', keyFile: undefined },
    // Most tests sign an administrator in with a password alone; the two-factor tests turn the rule on.
    requireAdmin2faOnNewInstall: false,
    ...overrides,
  };
}
