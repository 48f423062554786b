import {
  ERASURE_MESSAGES as M,
  SUBSCRIPTION_ENDING_DONE,
  isLiveSubscription,
  SubscriptionStatus,
  type DeleteMyAccountBody,
  type DeleteMyAccountResponse,
  type MyErasure,
  type SessionUser,
  type SubscriptionEnding,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import type { RateLimits } from '../../lib/rate-limits';
import { countActiveConfigUsers } from '../accounts';
import type { Actor, HistoryRecorder } from '../history';
import { accountErasedEmail, erasureScheduledEmail } from './emails';
import { newPseudonym } from './pseudonym';
import type { JobDefinition } from '../jobs';
import { eraseAccount, type ErasableAccount, type ErasureRepo } from './repo';

export interface ErasureServiceDeps {
  repo: ErasureRepo;
  history: HistoryRecorder;
  /** Ends a subscription at Stripe; throws the Spanish error when Stripe cannot (the erasure is rolled back). */
  endSubscription: (subscriptionId: string, ending: SubscriptionEnding) => Promise<void>;
  /** Deletes the member's customer at Stripe; throws the Spanish error when Stripe cannot (rolled back). */
  deleteCustomer: (customerId: string) => Promise<void>;
  /** The stored password hash of an account. */
  loadPasswordHash(email: string): Promise<string | undefined>;
  limits: Pick<RateLimits, 'reauth'>;
  /** The account's second factor, asked for after the password (the two-factor module). */
  secondFactor: {
    codeRequired(userId: number): Promise<boolean>;
    confirmCode(userId: number, code: string | undefined): Promise<void>;
  };
  mailer: Mailer;
  clock: Clock;
  timeZone: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** The live subscription of the account, if any: Stripe must stop charging before the account goes. */
const liveSubscription = (account: ErasableAccount): string | undefined => {
  const status = SubscriptionStatus.safeParse(account.subscription_status);
  return account.subscription_id !== null && status.success && isLiveSubscription(status.data)
    ? account.subscription_id
    : undefined;
};

/** Historial's actor for what a member did to their own account: already the pseudonym. */
const selfActor = (id: number, pseudonym: string): Actor => ({ id, username: pseudonym, email: null });

/** "Eliminar mi cuenta", and the sweep that erases the accounts whose paid period has ended. */
export function createErasureService(deps: ErasureServiceDeps) {
  const { repo, history, endSubscription, mailer, clock, log } = deps;

  const sendMail = (message: ReturnType<typeof accountErasedEmail>, what: string) => {
    mailer.send(message).catch((err: unknown) => log.error({ err }, `${what} email could not be sent`));
  };

  /** The last account that can administer must stay: refused (and rolled back) when none would remain. */
  const assertSomeoneAdministers = async (tx: Db) => {
    if ((await countActiveConfigUsers(tx)) === 0) throw conflict(M.lastAdmin);
  };

  /**
   * Proves that the person asking owns the account: the current password, spending a point of the
   * re-authentication limit like the profile's password change; then the authenticator app's code (or a
   * backup code) when the member has the app on.
   */
  async function confirmOwnerForErasure(me: SessionUser, body: DeleteMyAccountBody): Promise<void> {
    if (body.password === '') throw badRequest(M.passwordRequired, 'password');
    const key = String(me.id);
    await deps.limits.reauth.spend(key);
    const hash = await deps.loadPasswordHash(me.email.toLowerCase());
    if (!hash || !(await verifyPassword(hash, body.password))) throw badRequest(M.passwordWrong, 'password');
    await deps.limits.reauth.refund(key);
    if ((await deps.secondFactor.codeRequired(me.id)) && !body.code) throw badRequest(M.codeRequired, 'code');
    await deps.secondFactor.confirmCode(me.id, body.code);
  }

  /** Erases the account now, in one transaction with its Historial entry and the end of its subscription. */
  async function eraseNow(account: ErasableAccount, detail: string, ending?: SubscriptionEnding) {
    const pseudonym = newPseudonym();
    const subscription = liveSubscription(account);
    const erased = await repo.transaction(async (tx) => {
      await repo.lockRoleHolders();
      if (!(await eraseAccount(tx, account.id, pseudonym))) return false;
      await history.recordAction(selfActor(account.id, pseudonym), {
        kind: 'user.delete',
        entity_type: 'user',
        entity_id: account.id,
        label: pseudonym,
        changes: [
          { field: 'datos', before: null, after: detail },
          ...(subscription && ending
            ? [{ field: 'suscripcion', before: null, after: SUBSCRIPTION_ENDING_DONE[ending] }]
            : []),
        ],
      });
      await assertSomeoneAdministers(tx);
      // Last, once every rule has passed: if Stripe refuses, the erasure is rolled back.
      if (subscription && ending) await endSubscription(subscription, ending);
      if (account.customer_id) await deps.deleteCustomer(account.customer_id);
      return true;
    });
    if (erased) {
      await repo.forgetDeleted();
      sendMail(accountErasedEmail(account, subscription !== undefined), 'account-erased');
    }
    return erased;
  }

  async function myErasure(id: number): Promise<MyErasure> {
    const account = await repo.findAccount(id);
    if (!account) throw notFound();
    const live = liveSubscription(account) !== undefined;
    const paidUntil = account.current_period_end;
    return {
      erase_at: (await repo.scheduledErasure(id)) ?? null,
      paid_until: live && paidUntil !== null && paidUntil > clock.now().toISOString() ? paidUntil : null,
      code_required: await deps.secondFactor.codeRequired(id),
    };
  }

  return {
    confirmOwnerForErasure,

    myErasure,

    /**
     * The member erases their own account: now (a live subscription is cancelled at Stripe at once), or, when
     * they keep access until the paid period ends, the subscription stops renewing and the sweep erases the
     * account once the period is over.
     */
    async deleteMyAccount(me: SessionUser, body: DeleteMyAccountBody): Promise<DeleteMyAccountResponse> {
      await confirmOwnerForErasure(me, body);
      const account = await repo.findAccount(me.id);
      if (!account) throw notFound();
      if ((await repo.scheduledErasure(me.id)) !== undefined) throw conflict(M.alreadyScheduled);
      const subscription = liveSubscription(account);
      const now = clock.now().toISOString();
      const paidUntil = account.current_period_end;
      if (subscription && body.subscription_end === 'period_end' && paidUntil !== null && paidUntil > now) {
        await repo.transaction(async (tx) => {
          await repo.lockRoleHolders();
          const administers = me.permissions.includes('config');
          if (administers && (await countActiveConfigUsers(tx)) <= 1) throw conflict(M.lastAdmin);
          await repo.schedule(tx, me.id, paidUntil, now);
          await history.recordAction(selfActor(me.id, me.username), {
            kind: 'user.erasure_scheduled',
            entity_type: 'user',
            entity_id: me.id,
            label: me.username,
            changes: [{ field: 'suscripcion', before: null, after: SUBSCRIPTION_ENDING_DONE.period_end }],
          });
          await endSubscription(subscription, 'period_end');
        });
        sendMail(erasureScheduledEmail(account, paidUntil, deps.timeZone), 'erasure-scheduled');
        return { status: 'scheduled', erase_at: paidUntil };
      }
      await eraseNow(account, 'Datos personales eliminados a petición del miembro', 'now');
      return { status: 'erased', erase_at: null };
    },

    /**
     * The member changes their mind before the paid period ends: the account stays. The subscription still
     * does not renew (the member renews it at Stripe if they want to, which also keeps the account).
     */
    async cancelMySchedule(me: SessionUser): Promise<MyErasure> {
      await repo.transaction(async (tx) => {
        if ((await repo.unschedule(tx, me.id)).length === 0) throw conflict(M.notScheduled);
        await history.recordAction(selfActor(me.id, me.username), {
          kind: 'user.erasure_cancelled',
          entity_type: 'user',
          entity_id: me.id,
          label: me.username,
        });
      });
      return myErasure(me.id);
    },

    /**
     * Erases every account whose scheduled erasure is due. Each node runs it; the role-holders lock makes a
     * second node find the account gone, so it is erased, recorded and emailed once.
     */
    async eraseDue(): Promise<number> {
      let erased = 0;
      for (const { user_id: id } of await repo.due(clock.now().toISOString())) {
        const account = await repo.findAccount(id);
        if (!account) continue;
        try {
          // A subscription still live (renewed at Stripe, its event not seen) is cancelled at once: nobody
          // would be left to stop it.
          if (await eraseNow(account, 'Datos personales eliminados al terminar el periodo pagado', 'now'))
            erased += 1;
        } catch (err) {
          // The last administrator stays until another is named; the next sweep tries again.
          log.warn({ err, userId: id }, 'scheduled erasure not done');
        }
      }
      return erased;
    },

    /** Its background work: the erasures whose paid period has ended, looked for every ten minutes. */
    jobs(): JobDefinition[] {
      return [
        {
          name: 'erasure.due',
          label: 'Eliminar las cuentas cuyo periodo pagado terminó',
          recurring: { every: 10 * 60_000 },
          run: async () => {
            await this.eraseDue();
          },
        },
      ];
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
