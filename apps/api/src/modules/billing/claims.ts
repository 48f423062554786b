import { CLAIM_MESSAGES, SubscriptionStatus, type PaymentClaim, type WaitingPayment } from '@app/contracts';
import { present } from '../../db/rows';
import type { MailMessage } from '../../integrations/mailer';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../accounts';
import { grant, type BillingWrites } from './apply-event';
import { grantsAccess } from './decide';
import type { SubscriptionState } from './subscriptions-repo';

/**
 * The payments that wait for the owners of their emails: listed for the administrators, and attached to their
 * account by whoever proves it theirs (signed in, or choosing the password of an account that has none).
 */
export function createPaymentClaims(
  deps: BillingWrites & { sendAll(messages: readonly MailMessage[]): Promise<void> },
) {
  const { repo, access } = deps;

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

  return {
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

    /** Attaches a waiting payment to its account, as if its owner had paid signed in. */
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
          observedAt: Math.max(row.provider_updated_at, deps.clock.now().getTime()),
        };
        const fresh = present(await access.findMember(user.id), 'waiting account');
        return { applied: await grant(deps, fresh, state, plan, held), plan: plan.role };
      });
      void deps.sendAll(result.applied.messages);
      return { ok: true, plan: result.plan };
    },
  };
}
