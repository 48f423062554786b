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

/** The environment variables the server reads. All are optional; the defaults run on an embedded SQLite file. */
const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'debe ser un número' }).int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().trim().min(1).default('./data/app.db'),
  ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'debe ser un correo electrónico válido' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'debe tener al menos 6 caracteres').optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'debe tener al menos 32 caracteres').optional()),
  APP_URL: optionalString.pipe(httpUrl.optional()),
  MEMBERSHIP_PLANS_URL: optionalString.pipe(httpUrl.optional()),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** A file path, or ':memory:' (tests). */
  databasePath: string;
  admin: { email: string | undefined; password: string | undefined };
  sessionSecret: string | undefined;
  appUrl: string | undefined;
  membershipPlansUrl: string | undefined;
  /** The built web app to serve; undefined serves the API only. */
  webDistDir: string | undefined;
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
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
  const databasePath = e.DATABASE_PATH === ':memory:' ? ':memory:' : path.resolve(e.DATABASE_PATH);
  return {
    port: e.PORT,
    host: e.HOST,
    databasePath,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    sessionSecret: e.SESSION_SECRET,
    appUrl: e.APP_URL,
    membershipPlansUrl: e.MEMBERSHIP_PLANS_URL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : options.webDistDir,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}

/** A configuration for tests: in-memory database, quiet logs, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ env: { DATABASE_PATH: ':memory:', LOG_LEVEL: 'silent' } }),
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  };
}
