import { BILLING_WEBHOOK_MESSAGES as M } from '@app/contracts';
import type Stripe from 'stripe';
import type { Mailer, MailMessage } from '../../integrations/mailer';
import { badRequest } from '../../lib/errors';
import type { Notifier } from '../notifications';
import { applyEvent, type BillingWrites } from './apply-event';
import { createPaymentClaims } from './claims';
import { customerEmail, expireOwnerCheckouts, fetchState, oneTrialPerPerson } from './stripe-state';
import { payerOf, readEvent, verifyEvent } from './webhook-event';

export interface BillingSyncDeps extends BillingWrites {
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
  notifier: Pick<Notifier, 'paidMember'>;
  mailer: Mailer;
  log: BillingWrites['log'] & { error(obj: object, msg: string): void };
}

/** What became of one event: applied, already applied (a replay, or another node), or not one the app acts on. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies Stripe's webhook events to members: each event once (its id stored in the transaction of its effect),
 * acting on the subscription's current state fetched from Stripe, never on the order events arrive in. Reads
 * (webhook-event.ts, stripe-state.ts), decides (decide.ts) and writes (apply-event.ts).
 */
export function createBillingSync(deps: BillingSyncDeps) {
  const { repo, log } = deps;

  async function sendAll(messages: readonly MailMessage[]) {
    for (const message of messages) {
      await deps.mailer.send(message).catch((err: unknown) => {
        log.error({ err, to: message.to, subject: message.subject }, 'billing email could not be sent');
      });
    }
  }

  return {
    /**
     * Checks the signature, fetches the subscription's current state (before the transaction: no network call
     * holds it open), then applies it in one transaction with the event's id. Throws on a failure so the
     * answer is a 5xx and Stripe retries; nothing of a failed attempt remains.
     */
    async receive(payload: unknown, signature: unknown): Promise<WebhookOutcome> {
      const { stripe, webhookSecret } = deps;
      if (!stripe || !webhookSecret) throw badRequest(M.notConfigured);
      const event = verifyEvent(stripe, webhookSecret, payload, signature, deps.clock.now());
      const facts = readEvent(event);
      if (!facts) return 'ignored';
      if (await repo.eventApplied(event.id)) return 'duplicate';
      const reads = { stripe, repo, clock: deps.clock, log };
      const fetched = await fetchState(reads, event, facts.subscriptionId);
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
      const payer = payerOf(facts.checkout, fetched.subscription);
      if (!payer.userId && !payer.email && !(await repo.findLink(state.subscriptionId, state.customerId))) {
        payer.email = await customerEmail(stripe, state.customerId);
      }
      if (facts.checkout && payer.userId === undefined && payer.email) {
        await expireOwnerCheckouts(reads, payer.email, facts.checkout.id);
      }
      const trial = await oneTrialPerPerson(reads, state, payer.email);
      const result = await repo.transaction(() =>
        applyEvent(deps, {
          event,
          firstEvent: facts.firstEvent,
          state: trial.state,
          plan,
          payer,
          trialEndedFor: trial.trialEndedFor,
        }),
      );
      if (result === 'duplicate') return 'duplicate';
      // After the answer: Stripe waits for a quick 2xx, and a mail server that fails must not undo the change.
      void sendAll(result.messages);
      if (result.paidMember) void deps.notifier.paidMember(result.paidMember.member, result.paidMember.plan);
      return 'applied';
    },

    ...createPaymentClaims({ ...deps, sendAll }),
  };
}

export type BillingSync = ReturnType<typeof createBillingSync>;
