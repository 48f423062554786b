import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import type { PersonalData } from '../db/personal-data';
import type { Clock } from '../lib/clock';

/** What app.ts opens once and hands every module: the server, the configuration, the database, the clock. */
export interface BaseContext {
  app: FastifyInstance;
  config: Config;
  db: AppDatabase;
  clock: Clock;
  /** The address links in emails point at (APP_URL, or where this server listens). */
  publicUrl: () => string;
}

/**
 * A module's one declaration, exported by its index.ts: its name, the member data it holds, and `register`,
 * which adds its routes and declares its background jobs on the context app.ts hands it, and answers what
 * other modules use of it. `Context` is what the module needs; app.ts's context holds all of it.
 */
export interface ModuleRegistration<Context, Gives = void> {
  readonly name: string;
  readonly personalData?: PersonalData;
  register(context: Context): Gives | Promise<Gives>;
}

export const defineModule = <Context, Gives = void>(
  module: ModuleRegistration<Context, Gives>,
): ModuleRegistration<Context, Gives> => module;
