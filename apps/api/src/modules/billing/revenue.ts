import type Stripe from 'stripe';

/**
 * A subscription's monthly recurring revenue as Stripe's Billing analytics counts it: every item's amount times
 * its quantity, made monthly (a yearly price counts a twelfth, a weekly one 52/12), less the discounts that
 * repeat (`forever`, or `repeating` and not yet ended), tax excluded. A `once` coupon changes one invoice, not
 * the recurring revenue. Whether the subscription pays (trial, payment retry) is for the reader to decide.
 */
export interface Revenue {
  /** In the currency's minor unit (cents), rounded to the unit. */
  mrr: number;
  currency: string;
}

type Interval = 'day' | 'week' | 'month' | 'year';

/** How many of an interval make a month: what an amount billed each `count` intervals is worth a month. */
const PER_MONTH: Record<Interval, number> = { day: 365 / 12, week: 52 / 12, month: 1, year: 1 / 12 };

export function monthly(amount: number, interval: string, count = 1): number {
  const perMonth = PER_MONTH[interval as Interval] ?? 1;
  return (amount * perMonth) / Math.max(1, count);
}

/** A discount's coupon, when it was expanded (an id alone says nothing of its amount). */
function couponOf(discount: string | Stripe.Discount): Stripe.Coupon | undefined {
  if (typeof discount === 'string') return undefined;
  const coupon = discount.source?.coupon;
  return typeof coupon === 'object' && coupon !== null ? coupon : undefined;
}

/** Whether a discount still lowers the next invoices at `at` (seconds since the epoch). */
function recurs(discount: string | Stripe.Discount, coupon: Stripe.Coupon, at: number): boolean {
  if (coupon.duration === 'once') return false;
  if (typeof discount !== 'string' && discount.end !== null && discount.end <= at) return false;
  return true;
}

/** Applies the recurring discounts to a monthly amount billed each `interval`: percentages, then fixed amounts. */
function discounted(
  amount: number,
  discounts: readonly (string | Stripe.Discount)[],
  currency: string,
  interval: { interval: string; count: number },
  at: number,
): number {
  let value = amount;
  for (const discount of discounts) {
    const coupon = couponOf(discount);
    if (!coupon || !recurs(discount, coupon, at)) continue;
    if (coupon.percent_off !== null) value -= (value * coupon.percent_off) / 100;
  }
  for (const discount of discounts) {
    const coupon = couponOf(discount);
    if (!coupon || !recurs(discount, coupon, at)) continue;
    // A fixed amount comes off each invoice, which covers one billing interval.
    if (coupon.amount_off !== null && coupon.currency === currency) {
      value -= monthly(coupon.amount_off, interval.interval, interval.count);
    }
  }
  return Math.max(0, value);
}

/** The subscription's monthly recurring revenue now (`at`, seconds since the epoch). */
export function revenueOf(subscription: Stripe.Subscription, at: number): Revenue {
  const currency = subscription.currency;
  let total = 0;
  let billing = { interval: 'month', count: 1 };
  for (const item of subscription.items.data) {
    const price = item.price;
    const recurring = price.recurring;
    if (!recurring || recurring.usage_type === 'metered') continue;
    billing = { interval: recurring.interval, count: recurring.interval_count };
    const unit = price.unit_amount ?? Number(price.unit_amount_decimal ?? 0);
    const amount = monthly(unit * (item.quantity ?? 1), recurring.interval, recurring.interval_count);
    // Item discounts come before the subscription's (Stripe's order).
    total += discounted(amount, item.discounts ?? [], currency, billing, at);
  }
  total = discounted(total, subscription.discounts ?? [], currency, billing, at);
  return { mrr: Math.round(total), currency };
}

/**
 * What a subscription is fetched with: its discounts with their coupons, and its items' discounts (Stripe
 * expands four levels at most: their coupons are fetched by `withCoupons`).
 */
export const REVENUE_EXPAND = ['discounts.source.coupon', 'items.data.discounts'];

/** The subscription with each item discount's coupon fetched, when Stripe gave its id only. */
export async function withCoupons(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<Stripe.Subscription> {
  for (const item of subscription.items.data) {
    for (const discount of item.discounts ?? []) {
      if (typeof discount === 'string' || typeof discount.source?.coupon !== 'string') continue;
      discount.source.coupon = await stripe.coupons.retrieve(discount.source.coupon);
    }
  }
  return subscription;
}
