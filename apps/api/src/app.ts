import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIBRARY_NAMES } from '@app/contracts';
import type { Config } from './config';
import { openDatabase, type Db } from './db/client';
import { resolveSessionSecret, seedCatalog, seedFirstAdmin } from './db/seed';
import { createGeminiClient } from './integrations/gemini';
import { systemClock, type Clock } from './lib/clock';
import { createGenerationLimiter } from './lib/generation';
import { hashPassword } from './lib/password';
import { createLoginLimiter, type LoginLimits } from './modules/auth/login-limiter';
import { createSessionRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createRedgramRepo } from './modules/redgram/repo';
import { redgramRoutes } from './modules/redgram/routes';
import { createRedgramService } from './modules/redgram/service';
import { createSettingsRepo } from './modules/settings/repo';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService } from './modules/settings/service';
import { createLibraryRepo } from './modules/library/repo';
import { libraryRoutes } from './modules/library/routes';
import { createLibraryService } from './modules/library/service';
import { systemRoutes } from './modules/system/routes';
import { createTextoRepo } from './modules/texto/repo';
import { textoRoutes } from './modules/texto/routes';
import { createTextoService } from './modules/texto/service';
import { apiDocsPlugin } from './plugins/api-docs';
import { registerAccessGuards } from './plugins/authz';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  db?: Db;
  clock?: Clock;
  loginLimits?: LoginLimits;
}

/** Builds the whole application: external plugins, then app plugins, then routes. Tests call this too. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = deps.db ?? openDatabase(config.databasePath);
  app.addHook('onClose', async () => {
    if (!deps.db) db.$client.close();
  });
  seedCatalog(db);
  await seedFirstAdmin(db, config.admin, app.log);
  const clock = deps.clock ?? systemClock;
  const https = config.appUrl?.startsWith('https://') ?? false;

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { https });
  const sessionRepo = createSessionRepo(db);
  await app.register(sessionPlugin, {
    secret: resolveSessionSecret(db, config.sessionSecret),
    secureCookie: https,
    repo: sessionRepo,
    clock,
  });
  registerAccessGuards(app);
  await app.register(apiDocsPlugin, { mode: config.apiDocs });

  systemRoutes(app, config);
  authRoutes(app, createAuthService({ repo: sessionRepo, limiter: createLoginLimiter(deps.loginLimits) }));
  // The AI tools share one Gemini client and one per-user generation limit.
  const gemini = createGeminiClient({ ...config.gemini, timeoutMs: config.outgoingTimeoutMs });
  const generationLimiter = createGenerationLimiter();
  textoRoutes(app, createTextoService({ repo: createTextoRepo(db), gemini, limiter: generationLimiter }));
  redgramRoutes(
    app,
    createRedgramService({ repo: createRedgramRepo(db), gemini, limiter: generationLimiter }),
  );
  settingsRoutes(app, createSettingsService({ repo: createSettingsRepo(db), hashPassword }));
  for (const library of LIBRARY_NAMES) {
    libraryRoutes(app, library, createLibraryService({ repo: createLibraryRepo(db, library), clock }));
  }

  await app.register(webPlugin, { webDistDir: config.webDistDir });
  return app;
}
