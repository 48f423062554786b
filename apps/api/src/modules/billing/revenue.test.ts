import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { revenueOf } from './revenue';

const NOW = 1_800_000_000;

const coupon = (fields: Partial<Stripe.Coupon>): Stripe.Coupon =>
  ({
    id: 'co',
    object: 'coupon',
    amount_off: null,
    currency: null,
    duration: 'forever',
    duration_in_months: null,
    percent_off: null,
    ...fields,
  }) as Stripe.Coupon;

const discount = (c: Stripe.Coupon, end: number | null = null): Stripe.Discount =>
  ({
    id: 'di',
    object: 'discount',
    end,
    source: { coupon: c, type: 'coupon' },
  }) as unknown as Stripe.Discount;

function subscription(
  items: {
    amount: number;
    interval: string;
    count?: number;
    quantity?: number;
    metered?: boolean;
    discounts?: Stripe.Discount[];
  }[],
  discounts: (Stripe.Discount | string)[] = [],
): Stripe.Subscription {
  return {
    id: 'sub',
    currency: 'eur',
    discounts,
    items: {
      data: items.map((item) => ({
        quantity: item.quantity ?? 1,
        discounts: item.discounts ?? [],
        price: {
          unit_amount: item.amount,
          unit_amount_decimal: String(item.amount),
          recurring: {
            interval: item.interval,
            interval_count: item.count ?? 1,
            usage_type: item.metered ? 'metered' : 'licensed',
          },
        },
      })),
    },
  } as unknown as Stripe.Subscription;
}

describe('a subscription’s MRR as Stripe counts it', () => {
  it('makes every interval monthly and multiplies by the quantity', () => {
    expect(revenueOf(subscription([{ amount: 4900, interval: 'month' }]), NOW)).toEqual({
      mrr: 4900,
      currency: 'eur',
    });
    expect(revenueOf(subscription([{ amount: 49000, interval: 'year' }]), NOW).mrr).toBe(4083); // 490 ÷ 12
    expect(revenueOf(subscription([{ amount: 3000, interval: 'month', count: 3 }]), NOW).mrr).toBe(1000);
    expect(revenueOf(subscription([{ amount: 1000, interval: 'week' }]), NOW).mrr).toBe(4333); // 10 × 52 ÷ 12
    expect(revenueOf(subscription([{ amount: 900, interval: 'month', quantity: 3 }]), NOW).mrr).toBe(2700);
    // A metered item has no recurring amount to count.
    expect(revenueOf(subscription([{ amount: 5, interval: 'month', metered: true }]), NOW).mrr).toBe(0);
  });

  it('takes off the discounts that recur: item first, then the subscription, percentages before amounts', () => {
    const items = [
      { amount: 10000, interval: 'month', discounts: [discount(coupon({ percent_off: 10 }))] },
      { amount: 5000, interval: 'month' },
    ];
    // (100 − 10 %) + 50 = 140; − 20 % = 112; − 10 € = 102.
    const sub = subscription(items, [
      discount(coupon({ amount_off: 1000, currency: 'eur' })),
      discount(coupon({ percent_off: 20 })),
    ]);
    expect(revenueOf(sub, NOW).mrr).toBe(10200);
  });

  it('ignores a once coupon, a repeating one that ended, another currency’s amount and an unexpanded id', () => {
    const base = [{ amount: 4900, interval: 'month' }];
    expect(
      revenueOf(subscription(base, [discount(coupon({ percent_off: 100, duration: 'once' }))]), NOW).mrr,
    ).toBe(4900);
    const repeating = coupon({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
    expect(revenueOf(subscription(base, [discount(repeating, NOW + 10)]), NOW).mrr).toBe(2450);
    expect(revenueOf(subscription(base, [discount(repeating, NOW - 10)]), NOW).mrr).toBe(4900);
    expect(
      revenueOf(subscription(base, [discount(coupon({ amount_off: 500, currency: 'usd' }))]), NOW).mrr,
    ).toBe(4900);
    expect(revenueOf(subscription(base, ['di_123']), NOW).mrr).toBe(4900);
  });

  it('makes a fixed amount off a yearly invoice monthly, and never goes below zero', () => {
    const yearly = [{ amount: 12000, interval: 'year' }];
    expect(
      revenueOf(subscription(yearly, [discount(coupon({ amount_off: 2400, currency: 'eur' }))]), NOW).mrr,
    ).toBe(800);
    expect(
      revenueOf(subscription(yearly, [discount(coupon({ amount_off: 99999, currency: 'eur' }))]), NOW).mrr,
    ).toBe(0);
  });
});
