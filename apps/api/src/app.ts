import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Db } from './db/client';
import { resolveSessionSecret, seedCatalog, seedFirstAdmin } from './db/seed';
import { systemClock, type Clock } from './lib/clock';
import { createLoginLimiter, type LoginLimits } from './modules/auth/login-limiter';
import { createSessionRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { systemRoutes } from './modules/system/routes';
import { registerVideoTools } from './modules/video-tools';
import { registerAccessGuards } from './plugins/authz';
import { errorsPlugin } from './plugins/errors';
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

  systemRoutes(app, config);
  authRoutes(app, createAuthService({ repo: sessionRepo, limiter: createLoginLimiter(deps.loginLimits) }));
  registerVideoTools(app, config, db, clock);

  await app.register(webPlugin, { webDistDir: config.webDistDir });
  return app;
}
