import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import {
  createRateLimits,
  DEFAULT_ACCOUNT_LIMITS,
  openLimiterStore,
  type AccountLimits,
  type GenerationLimits,
  type LoginLimits,
  type RateLimits,
  type SecondStepLimits,
} from '../lib/rate-limits';
import type { SecretBox } from '../lib/secret-box';
import type { AppDatabase } from './client';
import { openAppDatabase } from './open';
import { markSecretsSealed, openSecretBox } from './secrets';
import { backfillUsernameSkeletons, seedCatalog, seedFirstAdmin } from './seed';

/** What a caller (a test) may hand in instead of what the configuration opens. */
export interface StoreOptions {
  db?: AppDatabase;
  loginLimits?: LoginLimits;
  accountLimits?: AccountLimits;
  generationLimits?: GenerationLimits;
  secondStepLimits?: SecondStepLimits;
}

/** The open stores every module is built on. */
export interface Stores {
  db: AppDatabase;
  limits: RateLimits;
  secrets: SecretBox;
}

/**
 * Opens the database and the rate limits' store (both closed with the server), runs each module's start-up work
 * on its stored data (`opens`, the modules' `open`, in the order of the list), then seeds what must exist.
 */
export async function openStores(
  app: FastifyInstance,
  config: Config,
  options: StoreOptions,
  opens: readonly ((stores: { config: Config; db: AppDatabase; secrets: SecretBox }) => Promise<void>)[],
): Promise<Stores> {
  const db = options.db ?? (await openAppDatabase(config.database));
  app.addHook('onClose', async () => {
    if (!options.db) await db.close();
  });
  // The secrets' key first: a database encrypted with another key stops the start here, before anything runs.
  const secrets = await openSecretBox(db, config.secrets);
  const limiterStore = await openLimiterStore(config.database, (work) => db.besideTransactions(work));
  app.addHook('onClose', () => limiterStore.close());
  const limits = createRateLimits(limiterStore, {
    ...(options.loginLimits ? { login: options.loginLimits } : {}),
    accounts: options.accountLimits ?? {
      ...DEFAULT_ACCOUNT_LIMITS,
      registerPerIp: config.registerLimitPerIp,
      recoveryPerIp: config.recoveryLimitPerIp,
    },
    ...(options.generationLimits ? { generation: options.generationLimits } : {}),
    ...(options.secondStepLimits ? { secondStep: options.secondStepLimits } : {}),
  });
  // Before the first administrator exists: an empty database is a new installation.
  for (const open of opens) await open({ config, db, secrets });
  await markSecretsSealed(db, secrets);
  await seedCatalog(db);
  await seedFirstAdmin(db, config.admin, app.log);
  await backfillUsernameSkeletons(db);
  return { db, limits, secrets };
}
