import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LIBRARY_NAMES, MESSAGES } from '@app/contracts';
import type { Config } from './config';
import type { AppDatabase } from './db/client';
import { openAppDatabase } from './db/open';
import { backfillUsernameSkeletons, resolveSessionSecret, seedCatalog, seedFirstAdmin } from './db/seed';
import { resolveWithDns, type ResolveHost } from './integrations/ai-address';
import { openSecretBox, sealStoredSecrets } from './db/secrets';
import type { SecretBox } from './lib/secret-box';
import { createMailer, type Mailer } from './integrations/mailer';
import { createStripe } from './integrations/stripe';
import { systemClock, type Clock } from './lib/clock';
import {
  createRateLimits,
  DEFAULT_ACCOUNT_LIMITS,
  openLimiterStore,
  type AccountLimits,
  type GenerationLimits,
  type LoginLimits,
  type RateLimits,
  type SecondStepLimits,
} from './lib/rate-limits';
import { redactUrl } from './lib/redact';
import { RequestLines } from './lib/terminal-log';
import { accountsModule } from './modules/accounts';
import { announcementsModule } from './modules/announcements';
import { billingModule, createInvoiceReader } from './modules/billing';
import { authModule, createSessionRepo, type SessionRepo } from './modules/auth';
import { aiModule, carryOverToolSettings, createAiRepo } from './modules/ai';
import { dataArchiveModule } from './modules/data-archive';
import { createHistoryRecorder, historyModule, type HistoryRecorder } from './modules/history';
import {
  communityModule,
  createCommunityRepo,
  createCommunityService,
  type CommunityService,
} from './modules/community';
import { createAccountEraser, erasureModule, type AccountEraser } from './modules/erasure';
import { libraryModule } from './modules/library';
import { membersIoModule } from './modules/members-io';
import { notificationsModule, type Notifier } from './modules/notifications';
import { passkeysModule } from './modules/passkeys';
import { createRedgramRepo, redgramModule } from './modules/redgram';
import { reportsModule } from './modules/reports';
import { retentionModule } from './modules/retention';
import { settingsModule } from './modules/settings';
import { createToolUseCounter, SIGN_IN, statsModule } from './modules/stats';
import { ARCHIVE_PARTS, PERSONAL_TABLES } from './personal-data';
import { jobsModule, type JobRunner } from './modules/jobs';
import { sessionsModule } from './modules/sessions';
import { publicConfigOf, systemRoutes } from './modules/system';
import { createTextoRepo, textoModule } from './modules/texto';
import { videoToolsModule } from './modules/video-tools';
import { createTwoFactorRepo, seedTwoFactorRules, twoFactorModule } from './modules/two-factor';
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
  secondStepLimits?: SecondStepLimits;
  mailer?: Mailer;
  /** How often each node looks for due background work (default every five seconds). */
  jobsPollMs?: number;
  /**
   * A log read by a person (a terminal): log lines go to this destination, and each request is one line
   * (method, path, status, time) instead of Fastify's two objects. Without it, JSON lines on stdout.
   */
  readableLog?: { write(line: string): void };
  /** Every address a host name stands for (tests answer without DNS); the AI address rule judges them. */
  resolveHost?: ResolveHost;
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

/** The server and what every module is built from: opened once by buildApp, handed to each registration. */
interface CoreContext {
  app: FastifyInstance;
  config: Config;
  db: AppDatabase;
  clock: Clock;
  limits: RateLimits;
  sessionRepo: SessionRepo;
  history: HistoryRecorder;
  community: CommunityService;
  /** Seals and opens the secrets kept in the database (AI keys, authenticator secrets). */
  secrets: SecretBox;
  /** The one runner of background work: modules declare their jobs on it and enqueue runs. */
  jobs: JobRunner;
  /** The erasure of accounts over every table the modules declared as holding member data. */
  eraser: AccountEraser;
  /** The address links in emails point at. */
  publicUrl: () => string;
}

/** The core, and the mail the modules that write to members send through. */
interface AppContext extends CoreContext {
  mailer: Mailer;
  notifier: Notifier;
}

/** Fastify with the logger, the contracts' validation and serialization, and the refusal of NUL characters. */
function createServer(config: Config, deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.readableLog ? { stream: deps.readableLog } : {}),
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
    ...(deps.readableLog ? { logController: new RequestLines() } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  // A request in flight when the server closes is answered with `Connection: close`: left open, its
  // keep-alive connection would hold the close until the client let go of it.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
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
  return app;
}

/** Opens the database and the rate limits' store (both closed with the server), then seeds what must exist. */
async function openStores(
  app: FastifyInstance,
  config: Config,
  deps: AppDeps,
): Promise<{ db: AppDatabase; limits: RateLimits; secrets: SecretBox }> {
  const db = deps.db ?? (await openAppDatabase(config.database));
  app.addHook('onClose', async () => {
    if (!deps.db) await db.close();
  });
  // The secrets' key first: a database encrypted with another key stops the start here, before anything runs.
  const secrets = await openSecretBox(db, config.secrets);
  const limiterStore = await openLimiterStore(config.database, (work) => db.besideTransactions(work));
  app.addHook('onClose', () => limiterStore.close());
  const limits = createRateLimits(limiterStore, {
    ...(deps.loginLimits ? { login: deps.loginLimits } : {}),
    accounts: deps.accountLimits ?? {
      ...DEFAULT_ACCOUNT_LIMITS,
      registerPerIp: config.registerLimitPerIp,
      recoveryPerIp: config.recoveryLimitPerIp,
    },
    ...(deps.generationLimits ? { generation: deps.generationLimits } : {}),
    ...(deps.secondStepLimits ? { secondStep: deps.secondStepLimits } : {}),
  });
  const textoRepo = createTextoRepo(db, secrets);
  const redgramRepo = createRedgramRepo(db, secrets);
  const aiRepo = createAiRepo(db, secrets);
  await sealStoredSecrets(db, secrets, [textoRepo, redgramRepo, aiRepo, createTwoFactorRepo(db, secrets)]);
  // Each tool's provider settings of before become a connection it points at (once).
  await carryOverToolSettings(aiRepo, [
    { tool: 'texto', read: () => textoRepo.legacy(), clear: () => textoRepo.clearLegacy() },
    { tool: 'redgram', read: () => redgramRepo.legacy(), clear: () => redgramRepo.clearLegacy() },
  ]);
  await seedCatalog(db);
  // Before the first administrator exists: an empty database is a new installation.
  await seedTwoFactorRules(createTwoFactorRepo(db, secrets), config.requireAdmin2faOnNewInstall);
  await seedFirstAdmin(db, config.admin, app.log);
  await backfillUsernameSkeletons(db);
  return { db, limits, secrets };
}

/** The app plugins every route relies on: errors, security headers, the session, access guards, API docs. */
async function registerAppPlugins(
  app: FastifyInstance,
  config: Config,
  db: AppDatabase,
  sessionRepo: SessionRepo,
  clock: Clock,
): Promise<void> {
  const https = config.appUrl?.startsWith('https://') ?? false;
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { https });
  // Every sign-in is kept for Estadísticas' active members: signing out deletes the session row.
  const countSignIn = createToolUseCounter({ database: db, clock, timeZone: config.timeZone });
  await app.register(sessionPlugin, {
    secret: await resolveSessionSecret(db, config.sessionSecret),
    secureCookie: https,
    repo: {
      ...sessionRepo,
      createSession: async (session) => {
        await sessionRepo.createSession(session);
        await countSignIn(SIGN_IN, session.userId);
      },
    },
    clock,
  });
  registerAccessGuards(app);
  await app.register(apiDocsPlugin, { mode: config.apiDocs, appUrl: config.appUrl });
}

/**
 * The server with its stores and app plugins, and what every module is built from: the history recorder, the
 * community's name and logo, the job runner, the eraser of accounts.
 */
async function openCore(config: Config, deps: AppDeps): Promise<CoreContext> {
  const app = createServer(config, deps);
  const { db, limits, secrets } = await openStores(app, config, deps);
  const clock = deps.clock ?? systemClock;
  const sessionRepo = createSessionRepo(db);
  await registerAppPlugins(app, config, db, sessionRepo, clock);

  // Every administrator action is recorded in the transaction of the change (Configuración, Historial).
  const history = createHistoryRecorder(db, { clock, retentionDays: config.historyRetentionDays });
  const community = createCommunityService({ repo: createCommunityRepo(db), history });
  systemRoutes(app, config, community.get);
  const base = { app, config, db, clock, publicUrl: () => publicUrl(app, config) };
  const jobs = await jobsModule.register({ ...base, pollMs: deps.jobsPollMs ?? 5_000 });
  return {
    ...base,
    limits,
    sessionRepo,
    history,
    community,
    secrets,
    jobs,
    eraser: createAccountEraser(PERSONAL_TABLES),
  };
}

/** Builds the whole application: external plugins, then app plugins, then the modules. Tests call this too. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const core = await openCore(config, deps);
  const { app, sessionRepo, community } = core;
  await historyModule.register(core);
  const retention = await retentionModule.register({ ...core, personalTables: PERSONAL_TABLES });
  const aiTools = {
    ...core,
    ...(await aiModule.register({ ...core, resolveHost: deps.resolveHost ?? resolveWithDns })),
  };
  const texto = await textoModule.register(aiTools);
  const redgram = await redgramModule.register({ ...aiTools, aiTextDays: retention.aiTextDays });
  const transport =
    deps.mailer ?? createMailer(config.mail, app.log, { timeoutMs: config.outgoingTimeoutMs });
  const mail = await notificationsModule.register({ ...core, transport, community: community.get });
  const context: AppContext = { ...core, ...mail };
  // A passkey with user verification is two factors in one: its sign-in is a finished second step. The gate
  // is the two-factor module's, made next (a sign-in only reaches it once both are registered).
  const passkeys = await passkeysModule.register({
    ...context,
    openSession: (request, reply, account) =>
      twoFactor.gate.signIn(request, reply, account.user, account.token_version, 'passkey'),
  });
  const twoFactor = await twoFactorModule.register({
    ...context,
    verifyPasskey: (body, ip) => passkeys.verify(body, { ip }),
  });
  await authModule.register({ ...context, afterPassword: twoFactor.gate });
  await settingsModule.register(context);
  for (const library of LIBRARY_NAMES) {
    await libraryModule.register({ ...context, library });
    await reportsModule.register({ ...context, library });
  }
  await membersIoModule.register(context);
  await accountsModule.register({
    ...context,
    hasAuthenticatorApp: twoFactor.hasAuthenticatorApp,
    accountPasskeys: passkeys.ofAccount,
  });
  await sessionsModule.register(context);
  await dataArchiveModule.register({
    ...context,
    archiveParts: ARCHIVE_PARTS,
    archiveSources: { invoices: createInvoiceReader(createStripe(config)) },
  });
  await videoToolsModule.register(context);
  const plans = await billingModule.register(context);
  await erasureModule.register({
    ...context,
    loadPasswordHash: async (email) => (await sessionRepo.findUserForLogin(email))?.password_hash,
    secondFactor: twoFactor.service,
  });
  const stats = await statsModule.register(core);
  await announcementsModule.register(context);
  await communityModule.register({
    ...core,
    billingReadiness: plans.readiness,
    aiStatus: async () => ({ texto: await texto.ready(), redgram: await redgram.ready() }),
    statsOverview: stats.overview,
    statsToday: stats.today,
  });

  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    publicConfig: () => publicConfigOf(config, community.get),
  });
  return app;
}
