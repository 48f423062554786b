import { randomBytes } from 'node:crypto';
import {
  grantsAdministration,
  isAdmin,
  SETTINGS_MESSAGES,
  SUBSCRIPTION_STATUS_LABELS,
  SubscriptionStatus,
  UsernameField,
  type HistoryChange,
} from '@app/contracts';
import { present } from '../../db/rows';
import type { MailMessage } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { NO_PASSWORD } from '../../lib/password';
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
import { decideChange, grantsAccess, routePayment, type SubscriptionChange } from './decide';
import {
  erasureCancelledByRenewalEmail,
  paymentFailedEmail,
  paymentWaitingEmail,
  subscriptionEndedEmail,
} from './emails';
import type {
  PricePlan,
  StoredSubscription,
  SubscriptionState,
  SubscriptionsRepo,
} from './subscriptions-repo';
import type { Payer } from './webhook-event';

/** What the writes of a billing change use, inside the caller's transaction. */
export interface BillingWrites {
  repo: SubscriptionsRepo;
  /** Role and active flag changes go through the accounts module, as Configuración's do. */
  access: AccessRepo;
  accounts: Pick<AccountsRepo, 'replaceResetToken' | 'hasPassword' | 'choosePassword' | 'markEmailVerified'>;
  history: HistoryRecorder;
  clock: Clock;
  publicUrl(): string;
  log: { warn(obj: object, msg: string): void };
}

/** What one applied event leaves to do after its commit. */
export interface Applied {
  messages: MailMessage[];
  /** A payment made this account: the admins hear of the new paying member. */
  paidMember: { member: MemberAccount; plan: string } | undefined;
}

const NOTHING: Applied = { messages: [], paidMember: undefined };

/** Historial names Stripe as the author of every billing change. */
const STRIPE_ACTOR: Actor = { id: null, username: 'Stripe', email: null };

type SubscriptionRow = { status: string | null; cancel_at_period_end: boolean } | undefined;

/** How Historial shows a subscription: its status, and that it will not renew when the member cancelled. */
function subscriptionLabel(row: SubscriptionRow) {
  const parsed = SubscriptionStatus.safeParse(row?.status);
  if (!parsed.success) return null;
  const label = SUBSCRIPTION_STATUS_LABELS[parsed.data];
  return row?.cancel_at_period_end && grantsAccess(row.status) ? `${label} (no se renovará)` : label;
}

/** How Historial keeps a subscription for code to read (Estadísticas): its status, and whether it will renew. */
function subscriptionValue(row: SubscriptionRow) {
  const parsed = SubscriptionStatus.safeParse(row?.status);
  if (!parsed.success) return null;
  return { status: parsed.data, cancelling: Boolean(row?.cancel_at_period_end) && grantsAccess(parsed.data) };
}

/** The fields Historial compares on a billing change; a subscription shown by its label, kept by its status. */
const shown = (user: MemberAccount, subscription: SubscriptionRow) => ({
  role: user.role,
  is_active: user.is_active,
  suscripcion: coded(subscriptionLabel(subscription), subscriptionValue(subscription)),
});

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

/** What one verified event brings to its transaction, read before it. */
export interface EventInput {
  event: { id: string; type: string };
  firstEvent: boolean;
  state: SubscriptionState;
  plan: PricePlan;
  payer: Payer;
  /** The account whose earlier subscription ended this one's trial at once. */
  trialEndedFor: { id: number; username: string } | undefined;
}

/**
 * Everything one event changes, in its transaction: the event's id claimed, then the payment routed (decide.ts)
 * and applied. Answers what to tell once it is committed, or 'duplicate' for an event applied already.
 */
export async function applyEvent(deps: BillingWrites, input: EventInput): Promise<Applied | 'duplicate'> {
  const { repo, access } = deps;
  const { event, state, plan, payer } = input;
  if (!(await repo.claimEvent(event.id, event.type))) return 'duplicate';
  if (input.trialEndedFor) await recordTrialEnded(deps, input.trialEndedFor, state);
  await access.lockRoleHolders();
  const link = await repo.findLink(state.subscriptionId, state.customerId);
  const email = payer.email?.toLowerCase();
  const route = routePayment({
    linkedUserId: link?.user_id,
    waiting: !link && (await repo.findWaiting(state.subscriptionId)) !== undefined,
    grants: grantsAccess(state.status),
    firstEvent: input.firstEvent,
    memberId:
      payer.userId !== undefined && (await access.findMember(payer.userId)) ? payer.userId : undefined,
    email,
    emailAccountId: email ? await repo.userIdByEmail(email) : undefined,
  });
  switch (route.kind) {
    case 'none':
      if (grantsAccess(state.status)) {
        deps.log.warn(
          { event: event.id, subscription: state.subscriptionId },
          'billing event names no account',
        );
      }
      return NOTHING;
    case 'still-waiting':
      await repo.updateWaiting(state);
      return NOTHING;
    case 'wait':
      return waitForOwner(deps, route.userId, state, plan);
    case 'create': {
      const { user, setupToken } = await createAccount(deps, route.email, plan);
      return grant(deps, user, state, plan, link, setupToken);
    }
    case 'linked':
    case 'member':
      return grant(
        deps,
        present(await access.findMember(route.userId), 'billing account'),
        state,
        plan,
        link,
      );
  }
}

async function recordTrialEnded(
  { history }: BillingWrites,
  account: { id: number; username: string },
  state: SubscriptionState,
): Promise<void> {
  const now = { status: state.status, cancel_at_period_end: state.cancelAtPeriodEnd };
  await history.recordAction(STRIPE_ACTOR, {
    kind: 'billing.trial.ended',
    entity_type: 'user',
    entity_id: account.id,
    label: account.username,
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

/**
 * The subscription's state applied to its account, as decideChange says: the stored row, the role and active
 * flag, Historial; and the emails to send once committed.
 */
export async function grant(
  deps: BillingWrites,
  before: MemberAccount,
  state: SubscriptionState,
  plan: PricePlan,
  link: StoredSubscription | undefined,
  setupToken?: string,
): Promise<Applied> {
  const { repo, access, history } = deps;
  const previous = link ?? (await repo.findByUser(before.id));
  // Administration is a role's tools, whatever its name: billing never changes someone who administers.
  const administers = isAdmin(before) || grantsAdministration(await repo.roleTools(before.role_id));
  const change = decideChange({ account: before, administers, plan, state, previous });
  if (change.kind === 'skip') return NOTHING;
  await repo.saveSubscription(before.id, state, plan, deps.clock.now());
  const erasureCancelled = change.cancelErasure && (await access.cancelScheduledErasure(before.id));
  if (erasureCancelled) {
    await history.recordAction(STRIPE_ACTOR, {
      kind: 'user.erasure_cancelled',
      entity_type: 'user',
      entity_id: before.id,
      label: before.username,
    });
  }
  if (change.access.role_id !== before.role_id || change.access.is_active !== before.is_active) {
    // The session check reads the role on every request, so a member who pays or moves to the end role keeps
    // their session and their next page shows the new tier; only a deactivation signs them out.
    await access.setAccess(before.id, change.access);
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
    messages: emailsFor(deps.publicUrl(), after, plan, change, { setupToken, erasureCancelled }),
    paidMember: setupToken ? { member: after, plan: plan.role } : undefined,
  };
}

/** The emails a committed change sends: the new member's set-up link, a failed charge, an ended plan. */
function emailsFor(
  base: string,
  after: MemberAccount,
  plan: PricePlan,
  change: SubscriptionChange & { kind: 'apply' },
  { setupToken, erasureCancelled }: { setupToken: string | undefined; erasureCancelled: boolean },
): MailMessage[] {
  const messages: MailMessage[] = [];
  if (setupToken) messages.push(passwordSetupEmail(after, passwordLinkUrl(base, setupToken)));
  if (change.paymentFailed) messages.push(paymentFailedEmail(after, plan.role, `${base}/perfil`));
  if (change.ended) {
    const outcome = change.ended === 'moved' ? { role: after.role } : change.ended;
    messages.push(subscriptionEndedEmail(after, plan.role, outcome, `${base}/planes`));
  }
  if (erasureCancelled) messages.push(erasureCancelledByRenewalEmail(after, `${base}/perfil`));
  return messages;
}

/** A new account for a visitor's payment: active, with the plan's role, and a link to choose its password. */
async function createAccount(
  deps: BillingWrites,
  email: string,
  plan: PricePlan,
): Promise<{ user: MemberAccount; setupToken: string }> {
  const { repo, access } = deps;
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
  const setup = newSetupLink(deps.clock.now());
  await deps.accounts.replaceResetToken({ userId: id, ...setup });
  await deps.history.recordAction(STRIPE_ACTOR, {
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
async function waitForOwner(
  deps: BillingWrites,
  userId: number,
  state: SubscriptionState,
  plan: PricePlan,
): Promise<Applied> {
  const token = randomBytes(32).toString('base64url');
  if (!(await deps.repo.insertWaiting(userId, state, hashToken(token)))) {
    await deps.repo.updateWaiting(state);
    return NOTHING;
  }
  const user = present(await deps.access.findMember(userId), 'billing account');
  await deps.history.recordAction(STRIPE_ACTOR, {
    kind: 'billing.payment.waiting',
    entity_type: 'user',
    entity_id: user.id,
    label: user.username,
    changes: [{ field: 'plan', before: null, after: plan.role }],
  });
  const link = `${deps.publicUrl()}/planes/vincular?token=${encodeURIComponent(token)}`;
  return { messages: [paymentWaitingEmail(user, plan.role, link)], paidMember: undefined };
}
