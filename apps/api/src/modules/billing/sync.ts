import { randomBytes } from 'node:crypto';
import {
  ACCESS_STATUSES,
  BILLING_WEBHOOK_MESSAGES as M,
  CLAIM_MESSAGES,
  EmailField,
  ENDED_STATUSES,
  grantsAdministration,
  isAdmin,
  SETTINGS_MESSAGES,
  SUBSCRIPTION_STATUS_LABELS,
  SubscriptionStatus,
  UsernameField,
  type HistoryChange,
  type PaymentClaim,
  type WaitingPayment,
} from '@app/contracts';
import Stripe from 'stripe';
import { present } from '../../db/rows';
import type { Mailer, MailMessage } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { hashPassword, NO_PASSWORD } from '../../lib/password';
import {
  assertSomeoneAdministers,
  hashToken,
  newSetupLink,
  passwordLinkUrl,
  passwordSetupEmail,
  type AccessRepo,
  type AccountsRepo,
  type MemberAccount,
} from '../accounts';
import { coded, created, diff, type Actor, type HistoryRecorder } from '../history';
import type { Notifier } from '../notifications';
import { routePayment } from './decide';
import {
  erasureCancelledByRenewalEmail,
  paymentFailedEmail,
  paymentWaitingEmail,
  subscriptionEndedEmail,
} from './emails';
import { expireOpenCheckouts } from './open-checkouts';
import { REVENUE_EXPAND, revenueOf, withCoupons } from './revenue';
import type {
  PricePlan,
  StoredSubscription,
  SubscriptionState,
  SubscriptionsRepo,
} from './subscriptions-repo';

export interface BillingSyncDeps {
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
  repo: SubscriptionsRepo;
  /** Role and active flag changes go through the accounts module, as Configuración's do. */
  access: AccessRepo;
  accounts: Pick<AccountsRepo, 'replaceResetToken' | 'hasPassword' | 'choosePassword' | 'markEmailVerified'>;
  history: HistoryRecorder;
  notifier: Pick<Notifier, 'paidMember'>;
  mailer: Mailer;
  clock: Clock;
  publicUrl(): string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What became of one event: applied, already applied (a replay, or another node), or not one the app acts on. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** Historial names Stripe as the author of every billing change. */
const STRIPE_ACTOR: Actor = { id: null, username: 'Stripe', email: null };

/** How far ahead of our clock a signature may be dated (Stripe's own tolerance for its age). */
const SIGNATURE_SKEW_MS = 300 * 1000;

/** An email from Stripe counts only if the app would accept it from a member. */
const validEmail = (email: string | null | undefined): string | undefined => {
  const parsed = EmailField.safeParse(email ?? '');
  return parsed.success ? parsed.data : undefined;
};

/**
 * A paused subscription collects nothing (a trial that ended without a card): like an ended one it takes the
 * plan's access away, and resuming it gives it back.
 */
const REVOKING_STATUSES: readonly string[] = [...ENDED_STATUSES, 'paused'];
const grantsAccess = (status: string | null | undefined) =>
  (ACCESS_STATUSES as readonly string[]).includes(status ?? '');
/** Whether the subscription stops giving access now: it gave access in the state stored before this one. */
const endsAccess = (status: string, before: string | null | undefined) =>
  REVOKING_STATUSES.includes(status) && grantsAccess(before);

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** The subscription an event is about, for the events that change a member's access; undefined for others. */
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : undefined;
    default:
      return undefined;
  }
}

/** What the event says of who is paying: our user id (a signed-in checkout) and the payer's email. */
function payerOf(event: Stripe.Event, subscription: Stripe.Subscription | undefined) {
  const session = event.type === 'checkout.session.completed' ? event.data.object : undefined;
  const rawId =
    subscription?.metadata.user_id ?? session?.metadata?.user_id ?? session?.client_reference_id ?? undefined;
  const userId = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : undefined;
  const email = validEmail(session?.customer_details?.email ?? session?.customer_email);
  return { userId, email };
}

function stateOf(subscription: Stripe.Subscription, observedAt: number): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    revenue: revenueOf(subscription, Math.floor(observedAt / 1000)),
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    priceId: item?.price.id,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000).toISOString() : null,
    observedAt,
  };
}

/** How Historial shows a subscription: its status, and that it will not renew when the member cancelled. */
function subscriptionLabel(row: { status: string | null; cancel_at_period_end: boolean } | undefined) {
  const parsed = SubscriptionStatus.safeParse(row?.status);
  if (!parsed.success) return null;
  const label = SUBSCRIPTION_STATUS_LABELS[parsed.data];
  return row?.cancel_at_period_end && grantsAccess(row.status) ? `${label} (no se renovará)` : label;
}

/** How Historial keeps a subscription for code to read (Estadísticas): its status, and whether it will renew. */
function subscriptionValue(row: { status: string | null; cancel_at_period_end: boolean } | undefined) {
  const parsed = SubscriptionStatus.safeParse(row?.status);
  if (!parsed.success) return null;
  return { status: parsed.data, cancelling: Boolean(row?.cancel_at_period_end) && grantsAccess(parsed.data) };
}

/** A subscription in a Historial change: shown by its label, kept by its status. */
const subscriptionShown = (row: { status: string | null; cancel_at_period_end: boolean } | undefined) =>
  coded(subscriptionLabel(row), subscriptionValue(row));

/** What one applied event leaves to do after its commit. */
interface Applied {
  messages: MailMessage[];
  /** A payment made this account: the admins hear of the new paying member. */
  paidMember: { member: MemberAccount; plan: string } | undefined;
}

const NOTHING: Applied = { messages: [], paidMember: undefined };

/** The fields Historial compares on a billing change. */
const shown = (
  user: MemberAccount,
  subscription: { status: string | null; cancel_at_period_end: boolean } | undefined,
) => ({ role: user.role, is_active: user.is_active, suscripcion: subscriptionShown(subscription) });

/** A username for an account made by a payment: from the email's local part, free and no look-alike. */
async function freeUsername(email: string, taken: (name: string) => Promise<boolean>): Promise<string> {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40);
  const base = UsernameField.safeParse(local).success ? local : 'miembro';
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (UsernameField.safeParse(candidate).success && !(await taken(candidate))) return candidate;
  }
  return `${base}-${randomBytes(4).toString('hex')}`;
}

/**
 * Applies Stripe's webhook events to members: each event once (its id stored in the transaction of its effect),
 * acting on the subscription's current state fetched from Stripe, never on the order events arrive in.
 */
export function createBillingSync(deps: BillingSyncDeps) {
  const { stripe, repo, access, history, clock, log } = deps;

  function verify(stripe: Stripe, payload: unknown, signature: unknown): Stripe.Event {
    if (!Buffer.isBuffer(payload) || typeof signature !== 'string' || !deps.webhookSecret) {
      throw badRequest(M.badSignature);
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, deps.webhookSecret);
    } catch (error) {
      throw badRequest(M.badSignature).withDetail(String(error));
    }
    // The SDK refuses a signature too old, never one dated ahead: bound the skew both ways.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
    if (!(signedAt * 1000 <= clock.now().getTime() + SIGNATURE_SKEW_MS)) {
      throw badRequest(M.badSignature).withDetail('signature dated in the future');
    }
    // A signed event without an object (Stripe never sends one) is nothing to act on.
    const data = (event as Partial<Stripe.Event> | null)?.data;
    if (
      typeof data !== 'object' ||
      data === null ||
      typeof data.object !== 'object' ||
      data.object === null
    ) {
      throw badRequest(M.badEvent);
    }
    return event;
  }

  /**
   * The subscription as Stripe has it now. One that no longer exists is taken from the event when the event
   * carries it, dated by the event (anything fetched later is newer).
   */
  async function fetchState(stripe: Stripe, event: Stripe.Event, subscriptionId: string) {
    const observedAt = clock.now().getTime();
    try {
      const subscription = await withCoupons(
        stripe,
        await stripe.subscriptions.retrieve(subscriptionId, { expand: REVENUE_EXPAND }),
      );
      return { subscription, state: stateOf(subscription, observedAt) };
    } catch (error) {
      const gone = error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
      if (!gone) throw error;
      const object = event.data.object as { object?: string; items?: { data?: unknown } };
      // Only a whole subscription, as Stripe sends it, tells the state of one Stripe no longer has.
      if (object.object !== 'subscription' || !Array.isArray(object.items?.data)) return undefined;
      const subscription = object as Stripe.Subscription;
      return { subscription, state: stateOf(subscription, event.created * 1000) };
    }
  }

  async function customerEmail(stripe: Stripe, customerId: string): Promise<string | undefined> {
    const customer = await stripe.customers.retrieve(customerId);
    return customer.deleted ? undefined : validEmail(customer.email);
  }

  /**
   * A visitor paid: the other Checkout pages still open for that email can no longer be paid, those its account
   * opened signed in (under its customer) and those a visitor opened giving the same email, so the same person
   * does not end up with two live subscriptions.
   */
  async function expireOwnerCheckouts(stripe: Stripe, email: string, paidSession: string): Promise<void> {
    await expireOpenCheckouts(stripe, { email }, paidSession);
    const userId = await repo.userIdByEmail(email);
    const row = userId === undefined ? undefined : await repo.findByUser(userId);
    if (row) await expireOpenCheckouts(stripe, { customer: row.customer_id }, paidSession);
  }

  /**
   * One trial per person: a trialing subscription whose customer or email (the one typed at Checkout, known only
   * now) has had another subscription here has its trial ended at Stripe at once, which charges it. Returns the
   * state after, and the account that had the earlier subscription, for Historial. A signed-in member's second
   * trial is never offered at Checkout.
   */
  async function oneTrialPerPerson(
    stripe: Stripe,
    state: SubscriptionState,
    payerEmail: string | undefined,
  ): Promise<{ state: SubscriptionState; trialEndedFor?: { id: number; username: string } }> {
    if (state.status !== 'trialing') return { state };
    // Only a subscription seen for the first time: a trial once accepted is not taken back by a later payment.
    const link = await repo.findLink(state.subscriptionId, state.customerId);
    if (link?.subscription_id === state.subscriptionId || (await repo.findWaiting(state.subscriptionId))) {
      return { state };
    }
    const email = payerEmail ?? (await customerEmail(stripe, state.customerId));
    const earlier = await repo.earlierSubscriber(state.subscriptionId, state.customerId, email);
    if (!earlier) return { state };
    const charged = await withCoupons(
      stripe,
      await stripe.subscriptions.update(state.subscriptionId, { trial_end: 'now', expand: REVENUE_EXPAND }),
    );
    log.warn(
      { subscription: state.subscriptionId, customer: state.customerId, account: earlier.id },
      'billing: a repeated trial was ended at once',
    );
    return { state: stateOf(charged, clock.now().getTime()), trialEndedFor: earlier };
  }

  /** A new account for a visitor's payment: active, with the plan's role, and a link to choose its password. */
  async function createAccount(
    email: string,
    plan: PricePlan,
  ): Promise<{ user: MemberAccount; setupToken: string }> {
    const username = await freeUsername(email, (name) => repo.usernameTaken(name));
    const id = await access.insertMember({
      username,
      email,
      phone: null,
      role_id: plan.role_id,
      is_active: true,
      password_hash: NO_PASSWORD,
      // The payer typed it at Stripe: proven once they follow the set-up link sent to it.
      email_verified: false,
    });
    const user = present(await access.findMember(id), 'new billing account');
    const setup = newSetupLink(clock.now());
    await deps.accounts.replaceResetToken({ userId: id, ...setup });
    await history.recordAction(STRIPE_ACTOR, {
      kind: 'billing.account.create',
      entity_type: 'user',
      entity_id: id,
      label: username,
      changes: [...created({ ...user, plan: plan.role }, ['username', 'email', 'role', 'is_active', 'plan'])],
    });
    return { user, setupToken: setup.token };
  }

  /**
   * A visitor paid with the email of an existing account: nothing is granted; the address gets a link to attach
   * the payment, so only whoever reads that mailbox can. A second event of the same payment sends nothing more.
   */
  async function waitForOwner(userId: number, state: SubscriptionState, plan: PricePlan): Promise<Applied> {
    const token = randomBytes(32).toString('base64url');
    if (!(await repo.insertWaiting(userId, state, hashToken(token)))) {
      await repo.updateWaiting(state);
      return NOTHING;
    }
    const user = present(await access.findMember(userId), 'billing account');
    await history.recordAction(STRIPE_ACTOR, {
      kind: 'billing.payment.waiting',
      entity_type: 'user',
      entity_id: user.id,
      label: user.username,
      changes: [{ field: 'plan', before: null, after: plan.role }],
    });
    const link = `${deps.publicUrl()}/planes/vincular?token=${encodeURIComponent(token)}`;
    return { messages: [paymentWaitingEmail(user, plan.role, link)], paidMember: undefined };
  }

  /**
   * The role and active flag the state gives the account: the plan's role while it grants access; the plan's
   * end rule once, when a subscription that gave access stops; nothing for a payment that never went through.
   * Never an administrator's, nor an account an administrator deactivated (their decision wins).
   */
  function accessTarget(
    user: MemberAccount,
    administers: boolean,
    plan: PricePlan,
    state: SubscriptionState,
    before?: string | null,
  ) {
    const unchanged = { role_id: user.role_id, is_active: user.is_active };
    if (administers || (!user.is_active && user.deactivated_by_admin)) return unchanged;
    if (grantsAccess(state.status)) return { role_id: plan.role_id, is_active: true };
    if (!endsAccess(state.status, before)) return unchanged;
    return plan.end_action === 'deactivate'
      ? { role_id: user.role_id, is_active: false }
      : { role_id: plan.end_role_id ?? user.role_id, is_active: user.is_active };
  }

  /** Everything one event changes, in its transaction; what to tell once it is committed. */
  async function apply(
    event: Stripe.Event,
    state: SubscriptionState,
    plan: PricePlan,
    payer: { userId: number | undefined; email: string | undefined },
    trialEndedFor?: { id: number; username: string },
  ): Promise<Applied | 'duplicate'> {
    if (!(await repo.claimEvent(event.id, event.type))) return 'duplicate';
    if (trialEndedFor) {
      const now = { status: state.status, cancel_at_period_end: state.cancelAtPeriodEnd };
      await history.recordAction(STRIPE_ACTOR, {
        kind: 'billing.trial.ended',
        entity_type: 'user',
        entity_id: trialEndedFor.id,
        label: trialEndedFor.username,
        changes: [
          {
            field: 'suscripcion',
            before: SUBSCRIPTION_STATUS_LABELS.trialing,
            after: subscriptionLabel(now),
            values: {
              before: subscriptionValue({ status: 'trialing', cancel_at_period_end: false }),
              after: subscriptionValue(now),
            },
          },
        ],
      });
    }
    await access.lockRoleHolders();
    const link = await repo.findLink(state.subscriptionId, state.customerId);
    const email = payer.email?.toLowerCase();
    const route = routePayment({
      linkedUserId: link?.user_id,
      waiting: !link && (await repo.findWaiting(state.subscriptionId)) !== undefined,
      grants: grantsAccess(state.status),
      firstEvent:
        event.type === 'checkout.session.completed' || event.type === 'customer.subscription.created',
      memberId:
        payer.userId !== undefined && (await access.findMember(payer.userId)) ? payer.userId : undefined,
      email,
      emailAccountId: email ? await repo.userIdByEmail(email) : undefined,
    });
    switch (route.kind) {
      case 'none':
        if (grantsAccess(state.status)) {
          log.warn({ event: event.id, subscription: state.subscriptionId }, 'billing event names no account');
        }
        return NOTHING;
      case 'still-waiting':
        await repo.updateWaiting(state);
        return NOTHING;
      case 'wait':
        return waitForOwner(route.userId, state, plan);
      case 'create': {
        const { user, setupToken } = await createAccount(route.email, plan);
        return grant(user, state, plan, link, setupToken);
      }
      case 'linked':
      case 'member':
        return grant(present(await access.findMember(route.userId), 'billing account'), state, plan, link);
    }
  }

  /** The subscription's state applied to its account: the stored row, the role and active flag, Historial. */
  async function grant(
    before: MemberAccount,
    state: SubscriptionState,
    plan: PricePlan,
    link: StoredSubscription | undefined,
    setupToken?: string,
  ): Promise<Applied> {
    const previous = link ?? (await repo.findByUser(before.id));
    // A newer state is stored already, or this is the member's former subscription ending after a new one began.
    if (previous && previous.provider_updated_at > state.observedAt) return NOTHING;
    const other = previous?.subscription_id && previous.subscription_id !== state.subscriptionId;
    if (other && grantsAccess(previous.status) && !grantsAccess(state.status)) return NOTHING;
    const previousStatus = other ? undefined : previous?.status;
    await repo.saveSubscription(before.id, state, plan, clock.now());
    // Renewed at Stripe (it will charge again): a scheduled erasure would leave it charging nobody's account.
    const erasureCancelled =
      grantsAccess(state.status) &&
      !state.cancelAtPeriodEnd &&
      (await access.cancelScheduledErasure(before.id));
    if (erasureCancelled) {
      await history.recordAction(STRIPE_ACTOR, {
        kind: 'user.erasure_cancelled',
        entity_type: 'user',
        entity_id: before.id,
        label: before.username,
      });
    }

    // Administration is a role's tools, whatever its name: billing never changes someone who administers.
    const administers = isAdmin(before) || grantsAdministration(await repo.roleTools(before.role_id));
    const target = accessTarget(before, administers, plan, state, previousStatus);
    if (target.role_id !== before.role_id || target.is_active !== before.is_active) {
      // The session check reads the role on every request, so a member who pays or moves to the end role keeps
      // their session and their next page shows the new tier; only a deactivation signs them out.
      await access.setAccess(before.id, target);
      await assertSomeoneAdministers(access, SETTINGS_MESSAGES.lastConfigUserChange);
    }
    const after = present(await access.findMember(before.id), 'billing account');
    const previousPlan = previous?.plan_role_id ? await repo.roleName(previous.plan_role_id) : undefined;
    const changes: HistoryChange[] = diff(
      { ...shown(before, previous), plan: previousPlan },
      {
        ...shown(after, { status: state.status, cancel_at_period_end: state.cancelAtPeriodEnd }),
        plan: plan.role,
      },
      ['plan', 'suscripcion', 'role', 'is_active'],
    );
    if (changes.length > 0) {
      await history.recordAction(STRIPE_ACTOR, {
        kind: 'billing.subscription',
        entity_type: 'user',
        entity_id: after.id,
        label: after.username,
        changes,
      });
    }
    return {
      messages: [
        ...emailsFor({ after, administers, setupToken, plan, state, previousStatus }),
        ...(erasureCancelled ? [erasureCancelledByRenewalEmail(after, `${deps.publicUrl()}/perfil`)] : []),
      ],
      paidMember: setupToken ? { member: after, plan: plan.role } : undefined,
    };
  }

  /** The emails a committed change sends: the new member's set-up link, a failed charge, an ended plan. */
  function emailsFor({
    after,
    administers,
    setupToken,
    plan,
    state,
    previousStatus,
  }: {
    after: MemberAccount;
    administers: boolean;
    setupToken: string | undefined;
    plan: PricePlan;
    state: SubscriptionState;
    previousStatus: string | null | undefined;
  }): MailMessage[] {
    const base = deps.publicUrl();
    const messages: MailMessage[] = [];
    if (setupToken) {
      messages.push(passwordSetupEmail(after, passwordLinkUrl(base, setupToken)));
    }
    if (administers) return messages;
    if (state.status === 'past_due' && previousStatus !== 'past_due') {
      messages.push(paymentFailedEmail(after, plan.role, `${base}/perfil`));
    }
    if (endsAccess(state.status, previousStatus)) {
      const outcome = !after.is_active
        ? 'deactivated'
        : after.role_id !== plan.role_id
          ? { role: after.role }
          : 'unchanged';
      messages.push(subscriptionEndedEmail(after, plan.role, outcome, `${base}/planes`));
    }
    return messages;
  }

  return {
    /**
     * Checks the signature, fetches the subscription's current state (before the transaction: no network call
     * holds it open), then applies it in one transaction with the event's id. Throws on a failure so the
     * answer is a 5xx and Stripe retries; nothing of a failed attempt remains.
     */
    async receive(payload: unknown, signature: unknown): Promise<WebhookOutcome> {
      if (!stripe || !deps.webhookSecret) throw badRequest(M.notConfigured);
      const event = verify(stripe, payload, signature);
      const subscriptionId = subscriptionIdOf(event);
      if (!subscriptionId) return 'ignored';
      if (await repo.eventApplied(event.id)) return 'duplicate';
      const fetched = await fetchState(stripe, event, subscriptionId);
      if (!fetched) return 'ignored';
      const { state } = fetched;
      // A retired price keeps its meaning for the subscriptions sold under it.
      const plan =
        (state.priceId ? await repo.planForPrice(state.priceId) : undefined) ??
        (await repo.soldPlan(state.subscriptionId));
      if (!plan) {
        log.warn(
          { event: event.id, subscription: state.subscriptionId, price: state.priceId },
          'billing event for a price no plan has: nothing granted',
        );
        return 'ignored';
      }
      const payer = payerOf(event, fetched.subscription);
      if (!payer.userId && !payer.email && !(await repo.findLink(state.subscriptionId, state.customerId))) {
        payer.email = await customerEmail(stripe, state.customerId);
      }
      if (event.type === 'checkout.session.completed' && payer.userId === undefined && payer.email) {
        await expireOwnerCheckouts(stripe, payer.email, event.data.object.id);
      }
      const trial = await oneTrialPerPerson(stripe, state, payer.email);
      const result = await repo.transaction(() =>
        apply(event, trial.state, plan, payer, trial.trialEndedFor),
      );
      if (result === 'duplicate') return 'duplicate';
      // After the answer: Stripe waits for a quick 2xx, and a mail server that fails must not undo the change.
      void sendAll(result.messages);
      if (result.paidMember) void deps.notifier.paidMember(result.paidMember.member, result.paidMember.plan);
      return 'applied';
    },

    /** The payments waiting for the owners of their emails, for the administrators. */
    async waiting(): Promise<WaitingPayment[]> {
      const rows = await repo.listWaiting();
      return rows.map((row) => {
        const status = SubscriptionStatus.safeParse(row.status);
        return { ...row, status: status.success ? status.data : null };
      });
    },

    /** What the link's page shows: the plan, the account, and whether to sign in or choose a password. */
    async checkClaim(token: string): Promise<PaymentClaim> {
      const { plan, user, way } = await findClaim(token);
      return { plan: plan.role, username: user.username, way };
    },

    /**
     * Attaches a waiting payment to its account, as if its owner had paid signed in: by the signed-in owner, or
     * by whoever follows the link and chooses the password of an account that has none.
     */
    async claim(
      token: string,
      password: string | undefined,
      sessionUserId: number | undefined,
    ): Promise<{ ok: true; plan: string }> {
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const result = await repo.transaction(async () => {
        await access.lockRoleHolders();
        const { row, plan, user, way } = await findClaim(token);
        if (!user.is_active && user.deactivated_by_admin) throw conflict(CLAIM_MESSAGES.deactivated);
        if (way === 'sign-in' && sessionUserId !== user.id) {
          throw forbidden(CLAIM_MESSAGES.signIn(user.username));
        }
        // The link came to the account's address: following it proves the address.
        if (way === 'sign-in') await deps.accounts.markEmailVerified(user.id);
        if (way === 'password') {
          if (!passwordHash) throw badRequest(CLAIM_MESSAGES.passwordRequired, 'password');
          await deps.accounts.choosePassword(user.id, passwordHash);
        }
        const held = await repo.findByUser(user.id);
        if (
          held?.subscription_id &&
          held.subscription_id !== row.subscription_id &&
          grantsAccess(held.status)
        ) {
          throw conflict(CLAIM_MESSAGES.otherSubscription);
        }
        if (!(await repo.deleteWaiting(row.subscription_id)))
          throw badRequest(CLAIM_MESSAGES.invalid, 'token');
        const state: SubscriptionState = {
          subscriptionId: row.subscription_id,
          customerId: row.customer_id,
          priceId: row.price_id ?? undefined,
          status: row.status,
          cancelAtPeriodEnd: row.cancel_at_period_end,
          currentPeriodEnd: row.current_period_end,
          // As of the claim: the stored state is the latest event's, and any later event is fetched later still.
          observedAt: Math.max(row.provider_updated_at, clock.now().getTime()),
        };
        const fresh = present(await access.findMember(user.id), 'waiting account');
        return { applied: await grant(fresh, state, plan, held), plan: plan.role };
      });
      void sendAll(result.applied.messages);
      return { ok: true, plan: result.plan };
    },
  };

  /** The waiting payment of a link, its plan and account, and how the owner proves the account is theirs. */
  async function findClaim(token: string) {
    const row = await repo.findWaitingByToken(hashToken(token));
    if (!row) throw badRequest(CLAIM_MESSAGES.invalid, 'token');
    const plan = row.price_id ? await repo.planForPrice(row.price_id) : undefined;
    if (!plan || !grantsAccess(row.status)) throw conflict(CLAIM_MESSAGES.ended);
    const user = present(await access.findMember(row.user_id), 'waiting account');
    // Without a password, or never activated (someone may have registered the address), the link itself is the
    // proof: its follower chooses the password, and every other session ends.
    const way: PaymentClaim['way'] =
      user.is_active && (await deps.accounts.hasPassword(user.id)) ? 'sign-in' : 'password';
    return { row, plan, user, way };
  }

  async function sendAll(messages: readonly MailMessage[]) {
    for (const message of messages) {
      await deps.mailer.send(message).catch((err: unknown) => {
        log.error({ err, to: message.to, subject: message.subject }, 'billing email could not be sent');
      });
    }
  }
}

export type BillingSync = ReturnType<typeof createBillingSync>;
