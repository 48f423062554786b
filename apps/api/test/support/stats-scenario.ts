import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { roles, sessions, users } from '../../src/db/schema';
import { usernameSkeleton } from '../../src/db/username-skeleton';
import { billingPlans, billingPrices, billingSubscriptions } from '../../src/modules/billing/schema';
import { auditLog } from '../../src/modules/history/schema';
import { redgramLogs } from '../../src/modules/redgram/schema';
import { videoRecords } from '../../src/modules/video-tools/schema';
import { historyColumns, type TestChange } from './history-rows';

/**
 * A small community's history across the change to summer time in Europe/Madrid (29 March 2026: a 23-hour
 * day) and the end of March, written as the app would have written it, one dated step at a time. The tests
 * compute its figures by hand; the e2e history is the same.
 */

type Change = TestChange;

export interface ScenarioStep {
  at: string;
  apply: (db: Db, ids: Map<string, number>) => Promise<void>;
}

const roleId = async (db: Db, name: string) => {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
};

const signUp =
  (name: string, at: string): ScenarioStep['apply'] =>
  async (db, ids) => {
    const [row] = await db
      .insert(users)
      .values({
        username: name,
        username_skeleton: usernameSkeleton(name),
        email: `${name}@example.com`,
        password_hash: 'x',
        role_id: await roleId(db, 'cafeinas'),
        is_active: true,
        created_at: at,
      })
      .returning({ id: users.id });
    ids.set(name, row!.id);
  };

/** What billing writes for a subscription change: its row, the member's role, and the Historial entry. */
const billing =
  (
    name: string,
    at: string,
    subscription: { status: string; cancel: boolean; price: string },
    changes: Change[],
  ): ScenarioStep['apply'] =>
  async (db, ids) => {
    const userId = ids.get(name)!;
    const role = changes.find((change) => change.field === 'role')?.after;
    if (role)
      await db
        .update(users)
        .set({ role_id: await roleId(db, role) })
        .where(eq(users.id, userId));
    const values = {
      user_id: userId,
      customer_id: `cus_${name}`,
      subscription_id: `sub_${name}`,
      price_id: subscription.price,
      status: subscription.status,
      cancel_at_period_end: subscription.cancel,
    };
    await db
      .insert(billingSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: billingSubscriptions.user_id, set: values });
    await db.insert(auditLog).values({
      actor_name: 'Stripe',
      kind: 'billing.subscription',
      entity_type: 'user',
      entity_id: userId,
      entity_label: name,
      ...historyColumns(changes),
      created_at: at,
    });
  };

/** A subscription's state: shown by its label, kept as `{ status, cancelling }`, as billing records it. */
interface Subscription {
  status: SubscriptionStatus;
  cancelling: boolean;
}

const sub = (status: SubscriptionStatus, cancelling = false): Subscription => ({ status, cancelling });

const subscriptionLabel = (state: Subscription | null) =>
  state && `${SUBSCRIPTION_STATUS_LABELS[state.status]}${state.cancelling ? ' (no se renovará)' : ''}`;

const paid = (after: Subscription | null, before: Subscription | null): Change => ({
  field: 'suscripcion',
  before: subscriptionLabel(before),
  after: subscriptionLabel(after),
  values: { before, after },
});

/** A change of role, shown and kept by the role's name. */
export const roleChange = (before: string, after: string): Change => ({
  field: 'role',
  before,
  after,
  values: { before, after },
});

/** The prices: 10 € a month, 126 € a year (10,50 € a month), 9 $ a month. */
export async function seedPrices(db: Db): Promise<void> {
  const vip = await roleId(db, 'vip');
  await db
    .insert(billingPlans)
    .values({ role_id: vip, end_action: 'role', end_role_id: await roleId(db, 'cafeinas') });
  await db.insert(billingPrices).values([
    { price_id: 'price_month', role_id: vip, amount: 1000, currency: 'eur', interval: 'month' },
    { price_id: 'price_year', role_id: vip, amount: 12600, currency: 'eur', interval: 'year', position: 1 },
    { price_id: 'price_usd', role_id: vip, amount: 900, currency: 'usd', interval: 'month', position: 2 },
  ]);
}

const toVip: Change = roleChange('cafeinas', 'vip');

export const SCENARIO: readonly ScenarioStep[] = [
  // 28 March, 23:30 in Madrid (UTC+1): ana signs up and pays monthly at 23:45.
  { at: '2026-03-28T22:30:00.000Z', apply: signUp('ana', '2026-03-28T22:30:00.000Z') },
  {
    at: '2026-03-28T22:45:00.000Z',
    apply: billing(
      'ana',
      '2026-03-28T22:45:00.000Z',
      { status: 'active', cancel: false, price: 'price_month' },
      [paid(sub('active'), null), toVip],
    ),
  },
  // 29 March, 00:30 in Madrid: bea signs up; the clocks go forward at 02:00.
  { at: '2026-03-28T23:30:00.000Z', apply: signUp('bea', '2026-03-28T23:30:00.000Z') },
  {
    at: '2026-03-29T00:30:00.000Z',
    apply: async (db, ids) => {
      await db.insert(videoRecords).values({
        provider: 'youtube',
        video_id: 'abc',
        user_id: ids.get('ana')!,
        titulo: 'Un vídeo',
        descripcion: '',
        sort_date: '2026-03-29T00:30:00.000Z',
        created_at: '2026-03-29T00:30:00.000Z',
      });
    },
  },
  {
    at: '2026-03-29T10:00:00.000Z',
    apply: billing(
      'bea',
      '2026-03-29T10:00:00.000Z',
      { status: 'trialing', cancel: false, price: 'price_month' },
      [paid(sub('trialing'), null), toVip],
    ),
  },
  // 30 March, 00:30 in Madrid (UTC+2 now): carl signs up, pays yearly; ana cancels at once.
  { at: '2026-03-29T22:30:00.000Z', apply: signUp('carl', '2026-03-29T22:30:00.000Z') },
  {
    at: '2026-03-30T09:00:00.000Z',
    apply: billing(
      'carl',
      '2026-03-30T09:00:00.000Z',
      { status: 'active', cancel: false, price: 'price_year' },
      [paid(sub('active'), null), toVip],
    ),
  },
  {
    at: '2026-03-30T12:00:00.000Z',
    apply: billing(
      'ana',
      '2026-03-30T12:00:00.000Z',
      { status: 'canceled', cancel: false, price: 'price_month' },
      [paid(sub('canceled'), sub('active')), roleChange('vip', 'cafeinas')],
    ),
  },
  // 31 March, 23:30 in Madrid: carl asks not to renew; dani signs up at 23:59.
  {
    at: '2026-03-31T21:30:00.000Z',
    apply: billing(
      'carl',
      '2026-03-31T21:30:00.000Z',
      { status: 'active', cancel: true, price: 'price_year' },
      [paid(sub('active', true), sub('active'))],
    ),
  },
  { at: '2026-03-31T21:59:00.000Z', apply: signUp('dani', '2026-03-31T21:59:00.000Z') },
  // 1 April, 00:00 in Madrid: eva signs up; dani pays in dollars; bea's trial turns into a payment.
  { at: '2026-03-31T22:00:00.000Z', apply: signUp('eva', '2026-03-31T22:00:00.000Z') },
  {
    at: '2026-03-31T22:30:00.000Z',
    apply: billing(
      'dani',
      '2026-03-31T22:30:00.000Z',
      { status: 'active', cancel: false, price: 'price_usd' },
      [paid(sub('active'), null), toVip],
    ),
  },
  {
    at: '2026-04-01T08:00:00.000Z',
    apply: billing(
      'bea',
      '2026-04-01T08:00:00.000Z',
      { status: 'active', cancel: false, price: 'price_month' },
      [paid(sub('active'), sub('trialing'))],
    ),
  },
  {
    at: '2026-04-01T10:00:00.000Z',
    apply: async (db, ids) => {
      await db.insert(redgramLogs).values({
        user_id: ids.get('eva')!,
        mode: 'escribir',
        input_text: 'hola',
        prompt: 'p',
        created_at: '2026-04-01T10:00:00.000Z',
      });
    },
  },
  // 2 April: dani's renewal fails (payment retried, access kept); bea signs in.
  {
    at: '2026-04-02T07:00:00.000Z',
    apply: billing(
      'dani',
      '2026-04-02T07:00:00.000Z',
      { status: 'past_due', cancel: false, price: 'price_usd' },
      [paid(sub('past_due'), sub('active'))],
    ),
  },
  {
    at: '2026-04-02T12:00:00.000Z',
    apply: async (db, ids) => {
      await db.insert(sessions).values({
        id: 'scenario-session',
        user_id: ids.get('bea')!,
        created_at: '2026-04-02T12:00:00.000Z',
        expires_at: '2026-05-02T12:00:00.000Z',
      });
    },
  },
];

/** When the scenario's last day (2 April) has finished in Madrid. */
export const SCENARIO_NOW = new Date('2026-04-03T10:00:00.000Z');

/** Writes the whole scenario (prices first). */
export async function writeScenario(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await seedPrices(db);
  for (const step of SCENARIO) await step.apply(db, ids);
  return ids;
}
