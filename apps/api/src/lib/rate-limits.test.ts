import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { rateLimits } from '../db/schema';
import { accountRateLimitKeys, Budget, createRateLimits, openLimiterStore } from './rate-limits';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('rate limits on the SQLite file of the app', () => {
  it('spend a point while another request holds a write transaction (no "database is locked")', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const database = openDatabase(file);
    cleanups.push(() => database.close());
    const store = await openLimiterStore({ dialect: 'sqlite', path: file }, (work) =>
      database.besideTransactions(work),
    );
    cleanups.push(() => store.close());
    const budget = new Budget(
      store.build({ keyPrefix: 'try', points: 3, duration: 60 }),
      'Demasiados',
      store.alone,
    );

    // A request's transaction that awaits something (a hash, a call) while it holds the file's write lock.
    let finish = () => undefined as void;
    const awaited = new Promise<void>((resolve) => (finish = resolve));
    const request = database.transaction(async (tx) => {
      tx.run(sql`create table if not exists work (n integer)`);
      await awaited;
      tx.run(sql`insert into work values (1)`);
    });
    const spending = budget.spend('visitor');
    finish();
    await request;
    await expect(spending).resolves.toBeUndefined();
    expect(await budget.spent('visitor')).toBe(1);
  });

  it('stores keys as hashes, found again from the account alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const database = openDatabase(file);
    cleanups.push(() => database.close());
    const store = await openLimiterStore({ dialect: 'sqlite', path: file }, (work) =>
      database.besideTransactions(work),
    );
    cleanups.push(() => store.close());
    const limits = createRateLimits(store);
    await limits.loginByAccount.spend('socia@example.com');
    await limits.loginByIp.spend('2001:db8::1');
    await limits.loginByDevice.spend('42:dispositivo-uno');
    await limits.reauth.spend('42');
    await limits.generation.spend('42');
    await limits.secondStepByAccount.spend('42');

    const stored = (await database.read.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(stored.join(' ')).not.toMatch(/socia|example|2001|db8|dispositivo|:42\b/);
    const { exact, prefixes } = accountRateLimitKeys({ id: 42, email: 'Socia@Example.com' });
    const mine = stored.filter((key) => exact.includes(key) || prefixes.some((p) => key.startsWith(p)));
    expect(mine).toHaveLength(5);
    expect(stored.filter((key) => !mine.includes(key))).toEqual([expect.stringMatching(/^login-ip:/)]);
  });
});
