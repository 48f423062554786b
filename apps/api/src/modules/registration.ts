import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import type { PersonalData } from '../db/personal-data';
import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/secret-box';

/** What app.ts opens once and hands every module: the server, the configuration, the database, the clock. */
export interface BaseContext {
  app: FastifyInstance;
  config: Config;
  db: AppDatabase;
  clock: Clock;
  /** The address links in emails point at (APP_URL, or where this server listens). */
  publicUrl: () => string;
}

/** What a module's start-up work on its stored data is handed: the open database and its secrets' key. */
export interface OpenStores {
  config: Config;
  db: AppDatabase;
  secrets: SecretBox;
}

/**
 * A module's one declaration, exported by its index.ts: its name, the member data it holds, its start-up work on
 * its stored data, and `register`, which adds its routes and declares its background jobs on the context app.ts
 * hands it, and answers what other modules use of it. `Context` is what the module needs; app.ts's context holds
 * all of it.
 */
export interface ModuleRegistration<Context, Gives = void> {
  readonly name: string;
  readonly personalData?: PersonalData;
  /**
   * Run on every start once the database is open, before the first administrator is seeded (so an empty database
   * is still a new installation) and before any module registers: seals the secrets it still keeps in clear,
   * carries old settings over, seeds what must exist. Safe to run again, and on several nodes at once.
   */
  readonly open?: (stores: OpenStores) => Promise<void>;
  register(context: Context): Gives | Promise<Gives>;
}

export const defineModule = <Context, Gives = void>(
  module: ModuleRegistration<Context, Gives>,
): ModuleRegistration<Context, Gives> => module;
