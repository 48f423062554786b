import { describe, expect, it } from 'vitest';
import type { RevenueChange } from '../billing';
import { moneyRows, type MoneyRow } from './money';

const DAYS = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05'];
const BOUNDS = DAYS.map((day, i) => ({
  start: `${day}T00:00:00.000Z`,
  end: i + 1 < DAYS.length ? `${DAYS[i + 1]}T00:00:00.000Z` : '2027-03-06T00:00:00.000Z',
}));

const change = (
  user_id: number,
  at: string,
  status: string,
  mrr: number,
  plan = 'vip',
  currency = 'eur',
): RevenueChange => ({ user_id, at: `${at}.000Z`, status, mrr, plan, currency });

/**
 * Five members over five days, with each day's figures worked out by hand:
 * - 1 pays 49 € (vip) from February; on the 2nd moves to 98 €; on the 4th a payment fails (retry); on the 5th
 *   it is paid again.
 * - 2 starts a 49 € trial on the 1st that converts on the 3rd.
 * - 3 pays 19 € (estrategas) from February; on the 2nd a 20 % coupon forever makes it 15,20 €; on the 3rd it
 *   ends.
 * - 4 paid 9 € (cafeinas) in February and cancelled; on the 1st comes back, and the same day takes two seats.
 * - 5 subscribes and cancels on the 2nd: the day nets out to nothing.
 */
const CHANGES: RevenueChange[] = [
  change(4, '2027-02-10T10:00:00', 'active', 900, 'cafeinas'),
  change(4, '2027-02-15T10:00:00', 'canceled', 900, 'cafeinas'),
  change(1, '2027-02-20T10:00:00', 'active', 4900),
  change(3, '2027-02-21T10:00:00', 'active', 1900, 'estrategas'),
  change(2, '2027-03-01T09:00:00', 'trialing', 4900),
  change(4, '2027-03-01T10:00:00', 'active', 900, 'cafeinas'),
  change(4, '2027-03-01T18:00:00', 'active', 1800, 'cafeinas'),
  change(1, '2027-03-02T08:00:00', 'active', 9800),
  change(3, '2027-03-02T09:00:00', 'active', 1520, 'estrategas'),
  change(5, '2027-03-02T10:00:00', 'active', 4900),
  change(5, '2027-03-02T11:00:00', 'canceled', 4900),
  change(2, '2027-03-03T09:00:00', 'active', 4900),
  change(3, '2027-03-03T12:00:00', 'canceled', 1520, 'estrategas'),
  change(1, '2027-03-04T07:00:00', 'past_due', 9800),
  change(1, '2027-03-05T07:00:00', 'active', 9800),
];

/** Each day's value of a metric and dimension (0 when no row). */
function byDay(rows: MoneyRow[], metric: MoneyRow['metric'], dimension: string): number[] {
  return DAYS.map(
    (day) => rows.find((r) => r.metric === metric && r.day === day && r.dimension === dimension)?.value ?? 0,
  );
}

describe('money as Stripe counts it', () => {
  const rows = moneyRows(CHANGES, DAYS, BOUNDS);

  it('counts MRR from paying subscriptions only, the retried payment apart', () => {
    // 1: 49 + 19 + 18 (two seats); 2: 98 + 15,20 + 18; 3: 98 + 18 + 49; 4: 18 + 49 (98 retrying); 5: 98 + 18 + 49.
    expect(byDay(rows, 'revenue', 'eur')).toEqual([8600, 13120, 16500, 6700, 16500]);
    expect(byDay(rows, 'revenue_retrying', 'eur')).toEqual([0, 0, 0, 9800, 0]);
    expect(byDay(rows, 'revenue_plan', 'eur:vip')).toEqual([4900, 9800, 14700, 4900, 14700]);
    expect(byDay(rows, 'revenue_plan', 'eur:estrategas')).toEqual([1900, 1520, 0, 0, 0]);
    expect(byDay(rows, 'revenue_plan', 'eur:cafeinas')).toEqual([1800, 1800, 1800, 1800, 1800]);
  });

  it('splits each day into new, expansion, contraction, churned and reactivated', () => {
    expect(byDay(rows, 'revenue_moves', 'eur:new')).toEqual([0, 0, 4900, 0, 0]);
    expect(byDay(rows, 'revenue_moves', 'eur:expansion')).toEqual([0, 4900, 0, 0, 0]);
    expect(byDay(rows, 'revenue_moves', 'eur:contraction')).toEqual([0, 380, 0, 0, 0]);
    expect(byDay(rows, 'revenue_moves', 'eur:churned')).toEqual([0, 0, 1520, 9800, 0]);
    // 4 paid in February: coming back is a reactivation, at the day's final 18 €.
    expect(byDay(rows, 'revenue_moves', 'eur:reactivated')).toEqual([1800, 0, 0, 0, 9800]);
    expect(byDay(rows, 'subscribers_lost', 'eur')).toEqual([0, 0, 1, 1, 0]);
  });

  it('adds up: MRR at the start plus the movements is MRR at the end', () => {
    const start = 4900 + 1900;
    const moves = rows
      .filter((r) => r.metric === 'revenue_moves')
      .reduce((sum, r) => sum + (/churned|contraction/.test(r.dimension) ? -r.value : r.value), 0);
    expect(start + moves).toBe(16500);
  });

  it('counts subscribers by kind at each day end', () => {
    expect(byDay(rows, 'subscribers', 'eur:paying')).toEqual([3, 3, 3, 2, 3]);
    expect(byDay(rows, 'subscribers', 'eur:trial')).toEqual([1, 1, 0, 0, 0]);
    expect(byDay(rows, 'subscribers', 'eur:retrying')).toEqual([0, 0, 0, 1, 0]);
  });

  it('counts nothing for days without history', () => {
    expect(moneyRows([], DAYS, BOUNDS)).toEqual([]);
  });
});
