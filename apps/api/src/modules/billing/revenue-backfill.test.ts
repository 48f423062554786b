import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, createTestApp } from '../../../test/helper';
import { directDb, ENGINE } from '../../../test/support/engine';
import { roles } from '../../db/schema';
import { billingPlans, billingPrices, billingRevenueChanges, billingSubscriptions } from './schema';

/** The hand-written statement of the migration that added the revenue history, for this engine. */
function backfillStatement(): string {
  const dir = path.join(import.meta.dirname, '../../../drizzle', ENGINE === 'sqlite' ? 'sqlite' : 'pg');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const at = text.indexOf('INSERT INTO', text.indexOf('-- Hand-written: each subscription stored before'));
    if (text.includes('-- Hand-written: each subscription stored before') && at >= 0) return text.slice(at);
  }
  throw new Error('no revenue back-fill in the migrations');
}

describe('the upgrade that adds the revenue history', () => {
  it('starts each stored subscription at its plan’s list price made monthly, from its last update', async () => {
    const t = await createTestApp();
    const [vip] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
    await t.db.insert(billingPlans).values({ role_id: vip!.id, end_action: 'role', end_role_id: null });
    await t.db.insert(billingPrices).values([
      { price_id: 'price_m', role_id: vip!.id, amount: 4900, currency: 'eur', interval: 'month' },
      { price_id: 'price_y', role_id: vip!.id, amount: 49000, currency: 'eur', interval: 'year' },
      {
        price_id: 'price_w',
        role_id: vip!.id,
        amount: 1000,
        currency: 'usd',
        interval: 'week',
        interval_count: 2,
      },
    ]);
    const rows = [
      ['ana', 'price_m', 'active'],
      ['bea', 'price_y', 'past_due'],
      ['carla', 'price_w', 'trialing'],
      ['dani', 'price_gone', 'active'],
    ] as const;
    for (const [i, [name, price, status]] of rows.entries()) {
      const user = await addUser(t.db, { email: `${name}@example.com`, role: 'vip' });
      await t.db.insert(billingSubscriptions).values({
        user_id: user.id,
        customer_id: `cus_${name}`,
        subscription_id: `sub_${name}`,
        price_id: price,
        plan_role_id: vip!.id,
        status,
        updated_at: `2026-0${i + 1}-10T10:00:00.000Z`,
      });
    }
    const statement = sql.raw(backfillStatement());
    const db = directDb(t.database);
    if (ENGINE === 'sqlite') (db as unknown as { run(q: unknown): void }).run(statement);
    else await (db as unknown as { execute(q: unknown): Promise<unknown> }).execute(statement);

    const kept = await t.db
      .select()
      .from(billingRevenueChanges)
      .orderBy(asc(billingRevenueChanges.subscription_id));
    // 49 € a month; 490 € a year ÷ 12; 10 $ every two weeks × 52 ÷ 12 ÷ 2; a price no longer kept: nothing.
    expect(
      kept.map(({ subscription_id, at, status, mrr, currency, plan_role_id }) => ({
        subscription_id,
        at,
        status,
        mrr,
        currency,
        plan_role_id,
      })),
    ).toEqual([
      {
        subscription_id: 'sub_ana',
        at: '2026-01-10T10:00:00.000Z',
        status: 'active',
        mrr: 4900,
        currency: 'eur',
        plan_role_id: vip!.id,
      },
      {
        subscription_id: 'sub_bea',
        at: '2026-02-10T10:00:00.000Z',
        status: 'past_due',
        mrr: 4083,
        currency: 'eur',
        plan_role_id: vip!.id,
      },
      {
        subscription_id: 'sub_carla',
        at: '2026-03-10T10:00:00.000Z',
        status: 'trialing',
        mrr: 2167,
        currency: 'usd',
        plan_role_id: vip!.id,
      },
    ]);
  });
});
