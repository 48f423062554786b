import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LIBRARY_NAMES, MESSAGES } from '@app/contracts';
import type { Config } from './config';
import type { AppDatabase } from './db/client';
import { resolveSessionSecret } from './db/seed';
import { openStores, type StoreOptions } from './db/stores';
import { resolveWithDns, type ResolveHost } from './integrations/ai-address';
import type { SecretBox } from './lib/secret-box';
import { createMailer, type Mailer } from './integrations/mailer';
import { createStripe, type StripeClient } from './integrations/stripe';
import { systemClock, type Clock } from './lib/clock';
import type { RateLimits } from './lib/rate-limits';
import { redactUrl } from './lib/redact';
import { RequestLines } from './lib/terminal-log';
import { accountsModule } from './modules/accounts';
import { announcementsModule } from './modules/announcements';
import { billingModule, createInvoiceReader } from './modules/billing';
import { authModule, createSessionRepo, type SessionRepo } from './modules/auth';
import { aiModule } from './modules/ai';
import { dataArchiveModule } from './modules/data-archive';
import { historyModule, type HistoryRecorder } from './modules/history';
import { communityModule, type CommunityService } from './modules/community';
import { createAccountEraser, erasureModule, type AccountEraser } from './modules/erasure';
import { libraryModule } from './modules/library';
import { membersIoModule } from './modules/members-io';
import { notificationsModule, type Notifier } from './modules/notifications';
import { passkeysModule } from './modules/passkeys';
import { redgramModule } from './modules/redgram';
import { reportsModule } from './modules/reports';
import { retentionModule } from './modules/retention';
import { settingsModule } from './modules/settings';
import { createToolUseCounter, SIGN_IN, statsModule } from './modules/stats';
import { ARCHIVE_PARTS, PERSONAL_TABLES } from './personal-data';
import { jobsModule, type JobRunner } from './modules/jobs';
import { sessionsModule } from './modules/sessions';
import { systemModule } from './modules/system';
import { textoModule } from './modules/texto';
import { videoToolsModule } from './modules/video-tools';
import { twoFactorModule } from './modules/two-factor';
import { apiDocsPlugin } from './plugins/api-docs';
import { registerAccessGuards } from './plugins/authz';
import { badRequest } from './lib/errors';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { serializerCompiler } from './plugins/serializer';
import { sessionPlugin } from './plugins/session';

export interface AppDeps extends StoreOptions {
  clock?: Clock;
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
  /** Seals and opens the secrets kept in the database (AI keys, authenticator secrets). */
  secrets: SecretBox;
  /** The one runner of background work: modules declare their jobs on it and enqueue runs. */
  jobs: JobRunner;
  /** The erasure of accounts over every table the modules declared as holding member data. */
  eraser: AccountEraser;
  /** The address links in emails point at. */
  publicUrl: () => string;
}

/** The core, with the recorder of administrators' actions and the community's name and logo. */
interface SharedContext extends CoreContext {
  history: HistoryRecorder;
  community: CommunityService;
}

/** The shared context, and the mail the modules that write to members send through. */
interface AppContext extends SharedContext {
  mailer: Mailer;
  notifier: Notifier;
  /** Stripe's client, made once when a secret key is configured; undefined without one. */
  stripe: StripeClient | undefined;
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

/** The modules with start-up work on their stored data (sealing secrets, seeding), run in this order. */
const OPENED = [aiModule, textoModule, redgramModule, twoFactorModule];

/** The server with its stores and app plugins, the job runner, and the eraser of accounts. */
async function openCore(config: Config, deps: AppDeps): Promise<CoreContext> {
  const app = createServer(config, deps);
  const opens = OPENED.flatMap((module) => module.open ?? []);
  const { db, limits, secrets } = await openStores(app, config, deps, opens);
  const clock = deps.clock ?? systemClock;
  const sessionRepo = createSessionRepo(db);
  await registerAppPlugins(app, config, db, sessionRepo, clock);
  const base = { app, config, db, clock, publicUrl: () => publicUrl(app, config) };
  const jobs = await jobsModule.register({ ...base, pollMs: deps.jobsPollMs ?? 5_000 });
  return { ...base, limits, sessionRepo, secrets, jobs, eraser: createAccountEraser(PERSONAL_TABLES) };
}

/** Builds the whole application: external plugins, then app plugins, then the modules. Tests call this too. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const opened = await openCore(config, deps);
  const { app, sessionRepo } = opened;
  // Every administrator action is recorded in the transaction of the change (Configuración, Historial).
  const history = await historyModule.register(opened);
  // The overview of /config asks the modules registered below, at each request.
  const community = await communityModule.register({
    ...opened,
    history,
    overview: {
      billingReadiness: () => plans.readiness(),
      aiStatus: async () => ({ texto: await texto.ready(), redgram: await redgram.ready() }),
      statsOverview: () => stats.overview(),
      statsToday: () => stats.today(),
    },
  });
  const core: SharedContext = { ...opened, history, community };
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
  const context: AppContext = { ...core, ...mail, stripe: await createStripe(config) };
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
    archiveSources: { invoices: createInvoiceReader(context.stripe) },
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
  await systemModule.register(core);
  return app;
}
