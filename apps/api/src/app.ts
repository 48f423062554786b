import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LIBRARY_NAMES, MESSAGES } from '@app/contracts';
import type { Config } from './config';
import type { AppDatabase } from './db/client';
import { openAppDatabase } from './db/open';
import { backfillUsernameSkeletons, resolveSessionSecret, seedCatalog, seedFirstAdmin } from './db/seed';
import { createGeminiClient } from './integrations/gemini';
import { createMailer, type Mailer } from './integrations/mailer';
import { createStripe } from './integrations/stripe';
import { systemClock, type Clock } from './lib/clock';
import { hashPassword } from './lib/password';
import {
  createRateLimits,
  DEFAULT_ACCOUNT_LIMITS,
  openLimiterStore,
  type AccountLimits,
  type GenerationLimits,
  type LoginLimits,
} from './lib/rate-limits';
import { redactUrl } from './lib/redact';
import { createAccountsRepo } from './modules/accounts/repo';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { createBillingSync } from './modules/billing/sync';
import { createSubscriptionsRepo } from './modules/billing/subscriptions-repo';
import { billingWebhookRoutes } from './modules/billing/webhook-routes';
import { createSessionRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createCheckoutService } from './modules/billing/checkout';
import { createCustomersRepo } from './modules/billing/customers-repo';
import { createPlansRepo } from './modules/billing/plans-repo';
import { createPlansService } from './modules/billing/plans-service';
import { billingRoutes } from './modules/billing/routes';
import { createHistoryRecorder } from './modules/history/record';
import { createHistoryRepo } from './modules/history/repo';
import { historyRoutes } from './modules/history/routes';
import { createHistoryService } from './modules/history/service';
import { createLibraryRepo } from './modules/library/repo';
import { libraryRoutes } from './modules/library/routes';
import { createLibraryService } from './modules/library/service';
import { createMembersIoRepo } from './modules/members-io/repo';
import { createNotificationsRepo } from './modules/notifications/repo';
import { notificationsRoutes } from './modules/notifications/routes';
import { createNotifier } from './modules/notifications/service';
import { membersIoRoutes } from './modules/members-io/routes';
import { createMembersIoService } from './modules/members-io/service';
import { createRedgramRepo } from './modules/redgram/repo';
import { redgramRoutes } from './modules/redgram/routes';
import { createRedgramService } from './modules/redgram/service';
import { createReportsRepo } from './modules/reports/repo';
import { reportsRoutes } from './modules/reports/routes';
import { createReportsService } from './modules/reports/service';
import { createSettingsRepo } from './modules/settings/repo';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService } from './modules/settings/service';
import { systemRoutes } from './modules/system/routes';
import { createTextoRepo } from './modules/texto/repo';
import { textoRoutes } from './modules/texto/routes';
import { createTextoService } from './modules/texto/service';
import { registerVideoTools } from './modules/video-tools';
import { apiDocsPlugin } from './plugins/api-docs';
import { registerAccessGuards } from './plugins/authz';
import { badRequest } from './lib/errors';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { serializerCompiler } from './plugins/serializer';
import { sessionPlugin } from './plugins/session';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  db?: AppDatabase;
  clock?: Clock;
  loginLimits?: LoginLimits;
  accountLimits?: AccountLimits;
  generationLimits?: GenerationLimits;
  mailer?: Mailer;
  /** How often each node sends the registration digests that are due (default every minute). */
  digestSweepMs?: number;
  /** Where log lines go, as pino's `transport` (e.g. pino-pretty); without it, JSON lines on stdout. */
  logTransport?: { target: string; options?: Record<string, unknown> };
}

/**
 * The address links in emails point at: APP_URL, or else the address this server listens on. Never the
 * request's Host header, which a caller could forge to have a recovery link sent to their own site.
 */
function publicUrl(app: FastifyInstance, config: Config): string {
  if (config.appUrl) return config.appUrl;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Whether a parsed input (text, or JSON of any depth) holds a NUL character anywhere. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** Builds the whole application: external plugins, then app plugins, then routes. Tests call this too. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      transport: deps.logTransport,
      serializers: {
        // Fastify's own request serializer, with recovery-link tokens kept out of the logs.
        req: (req) => {
          const request = req as typeof req & { ip?: string; host?: string };
          return {
            method: req.method,
            url: redactUrl(req.url),
            host: request.host,
            remoteAddress: request.ip,
            remotePort: req.socket.remotePort,
          };
        },
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // No text the app keeps may hold a NUL character: PostgreSQL's text cannot, and no form types one. Refused
  // before validation, so the answer is the same 400 on either engine.
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      containsNul(request.body) || containsNul(request.query) || containsNul(request.params)
        ? badRequest(MESSAGES.invalidRequest)
        : undefined,
    );
  });

  const db = deps.db ?? (await openAppDatabase(config.database));
  app.addHook('onClose', async () => {
    if (!deps.db) await db.close();
  });
  const limiterStore = await openLimiterStore(config.database);
  app.addHook('onClose', () => limiterStore.close());
  const limits = createRateLimits(limiterStore, {
    ...(deps.loginLimits ? { login: deps.loginLimits } : {}),
    accounts: deps.accountLimits ?? {
      ...DEFAULT_ACCOUNT_LIMITS,
      registerPerIp: config.registerLimitPerIp,
      recoveryPerIp: config.recoveryLimitPerIp,
    },
    ...(deps.generationLimits ? { generation: deps.generationLimits } : {}),
  });
  await seedCatalog(db);
  await seedFirstAdmin(db, config.admin, app.log);
  await backfillUsernameSkeletons(db);
  const clock = deps.clock ?? systemClock;
  const https = config.appUrl?.startsWith('https://') ?? false;

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { https });
  const sessionRepo = createSessionRepo(db);
  await app.register(sessionPlugin, {
    secret: await resolveSessionSecret(db, config.sessionSecret),
    secureCookie: https,
    repo: sessionRepo,
    clock,
  });
  registerAccessGuards(app);
  await app.register(apiDocsPlugin, { mode: config.apiDocs, appUrl: config.appUrl });

  systemRoutes(app, config);
  authRoutes(app, createAuthService({ repo: sessionRepo, limits }));
  // The AI tools share one Gemini client and one per-user generation limit.
  const gemini = createGeminiClient({ ...config.gemini, timeoutMs: config.outgoingTimeoutMs });
  const generationLimiter = limits.generation;
  // Every administrator action is recorded in the transaction of the change (Configuración, Historial).
  const history = createHistoryRecorder(db, { clock, retentionDays: config.historyRetentionDays });
  historyRoutes(app, createHistoryService({ repo: createHistoryRepo(db), clock, timeZone: config.timeZone }));
  textoRoutes(
    app,
    createTextoService({ repo: createTextoRepo(db), gemini, limiter: generationLimiter, history }),
  );
  redgramRoutes(
    app,
    createRedgramService({
      repo: createRedgramRepo(db),
      gemini,
      limiter: generationLimiter,
      clock,
      historyDays: config.redgramHistoryDays,
      history,
    }),
  );
  const mailer = deps.mailer ?? createMailer(config.mail, app.log, { timeoutMs: config.outgoingTimeoutMs });
  app.addHook('onClose', () => mailer.close());
  const notifier = createNotifier({
    repo: createNotificationsRepo(db),
    mailer,
    clock,
    publicUrl: () => publicUrl(app, config),
    log: app.log,
    history,
  });
  notificationsRoutes(app, notifier);
  const digests = setInterval(() => void notifier.sendDueDigests(), deps.digestSweepMs ?? 60_000);
  digests.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(digests);
    done();
  });
  settingsRoutes(
    app,
    createSettingsService({
      repo: createSettingsRepo(db),
      hashPassword,
      history,
      events: {
        activated: (members) => void notifier.activated(members),
        refused: (members, reason) => void notifier.refused(members, reason),
      },
    }),
  );
  for (const library of LIBRARY_NAMES) {
    libraryRoutes(
      app,
      library,
      createLibraryService({ repo: createLibraryRepo(db, library), clock, library, history }),
    );
    reportsRoutes(
      app,
      library,
      createReportsService({ repo: createReportsRepo(db, library), clock, library }),
    );
  }
  membersIoRoutes(
    app,
    createMembersIoService({
      repo: createMembersIoRepo(db),
      clock,
      history,
      timeZone: config.timeZone,
      mailer,
      publicUrl: () => publicUrl(app, config),
      log: app.log,
    }),
  );
  accountsRoutes(
    app,
    createAccountsService({
      repo: createAccountsRepo(db),
      loadSessionUser: async (email) => (await sessionRepo.findUserForLogin(email))?.user,
      loadPasswordHash: async (email) => (await sessionRepo.findUserForLogin(email))?.password_hash,
      mailer,
      clock,
      publicUrl: () => publicUrl(app, config),
      log: app.log,
      limits,
      onRegistered: (member) => void notifier.registered(member),
    }),
  );
  registerVideoTools(app, config, db, clock, history);
  const stripe = createStripe(config);
  const plansRepo = createPlansRepo(db);
  const billingSync = createBillingSync({
    stripe,
    webhookSecret: config.stripe.webhookSecret,
    repo: createSubscriptionsRepo(db),
    settings: createSettingsRepo(db),
    accounts: createAccountsRepo(db),
    history,
    notifier,
    mailer,
    clock,
    publicUrl: () => publicUrl(app, config),
    log: app.log,
  });
  billingRoutes(app, {
    plans: createPlansService({
      repo: plansRepo,
      stripe,
      history,
      webhookSecretSet: config.stripe.webhookSecret !== undefined,
      appUrl: config.appUrl,
      waiting: () => billingSync.waiting(),
    }),
    checkout: createCheckoutService({
      plans: plansRepo,
      customers: createCustomersRepo(db),
      stripe,
      limits,
      publicUrl: () => publicUrl(app, config),
    }),
    sync: billingSync,
  });
  await billingWebhookRoutes(app, billingSync);

  await app.register(webPlugin, { webDistDir: config.webDistDir });
  return app;
}
