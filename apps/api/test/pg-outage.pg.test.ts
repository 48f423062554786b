/**
 * A lost PostgreSQL connection: the server answers 503 with a Spanish message while it cannot reach
 * the database, and serves again as soon as it can; it never crashes.
 */
import { MESSAGES } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openPgAppDatabase } from '../src/db/client.pg';
import { ADMIN, signIn } from './helper';
import {
  acquirePgDatabase,
  setAcceptingConnections,
  terminateConnections,
  type TestPgDatabase,
} from './support/pg-databases';

let held: TestPgDatabase | undefined;
afterEach(async () => {
  if (held) await setAcceptingConnections(held.name, true);
  await held?.release();
  held = undefined;
});

describe('PostgreSQL connection lost', () => {
  it('answers 503 in Spanish, never crashes, and serves again once the database is back', async () => {
    held = await acquirePgDatabase();
    const database = await openPgAppDatabase(held.url);
    const app = await buildApp(testConfig({ admin: ADMIN }), { db: database });
    try {
      const cookie = await signIn(app, ADMIN.email, ADMIN.password);
      expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);

      // The database goes away: every connection of the pool is cut and new ones are refused, as while a
      // server restarts.
      await setAcceptingConnections(held.name, false);
      expect(await terminateConnections(held.name)).toBeGreaterThan(0);
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ url: '/api/auth/me', headers: { cookie } });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: MESSAGES.unavailable });
        expect(res.headers['retry-after']).toBe('5');
      }

      // It comes back: the very next request is served, with the same session.
      await setAcceptingConnections(held.name, true);
      const back = await app.inject({ url: '/api/auth/me', headers: { cookie } });
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
