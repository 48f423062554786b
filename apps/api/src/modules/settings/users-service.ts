import {
  SETTINGS_MESSAGES as M,
  SUBSCRIPTION_ENDING_DONE,
  USERNAME_MESSAGES,
  isLiveSubscription,
  type SubscriptionEnding,
  type AdminUser,
  type HistoryChange,
  type HistoryKind,
  type UserList,
} from '@app/contracts';
import { present } from '../../db/rows';
import { accountConflictField } from '../../db/unique-violation';
import { conflict } from '../../lib/errors';
import { newPseudonym } from '../erasure';
import {
  created,
  diff,
  type Actor,
  type ActionEntry,
  type HistoryRecorder,
  type RecordedChange,
} from '../history';
import type { SettingsRepo } from './repo';
import { assertSomeoneAdministers, type EpochEvent } from '../accounts';
import { assertRoleExists, lockedRead } from './rules';
import type { UserFilter } from './user-list-repo';
import { withoutTokenVersion, type AccountRef, type StoredUser } from './users-repo';

export interface UserInput {
  username: string;
  email: string;
  phone?: string | undefined;
  role_id: number;
  is_active: boolean;
  password?: string | undefined;
  /** How the member's live subscription ends at the provider if this edit deactivates them. */
  subscription_end?: SubscriptionEnding | undefined;
}

/**
 * Ends a subscription at the payment provider as the administrator chose. It throws a Spanish error when the
 * provider cannot, inside the transaction of the change: the deactivation or deletion is then rolled back.
 */
export type EndSubscription = (subscriptionId: string, ending: SubscriptionEnding) => Promise<void>;

/** Historial's line for what was done at the provider. */
export const subscriptionEndChange = (ending: SubscriptionEnding, count?: number): HistoryChange => ({
  field: 'suscripcion',
  before: null,
  after: SUBSCRIPTION_ENDING_DONE[ending] + (count === undefined ? '' : ` (${count})`),
});

/** The live subscription an administrator's deactivation or deletion of this account must end, if any. */
const liveSubscriptionOf = (user: StoredUser): string | undefined =>
  user.subscription_id !== null && isLiveSubscription(user.subscription?.status)
    ? user.subscription_id
    : undefined;

/** What the account emails need to hear of, after the change is committed (never awaited by the answer). */
export interface AccountEvents {
  activated(members: readonly AccountRef[]): void;
  refused(members: readonly AccountRef[], reason?: string): void;
  /** Active members an administrator erased: told at the address they had. */
  erased(members: readonly AccountRef[]): void;
}

export interface UsersServiceDeps {
  repo: SettingsRepo;
  hashPassword: (password: string) => Promise<string>;
  history: HistoryRecorder;
  events: AccountEvents;
  endSubscription: EndSubscription;
  /** Deletes an erased member's customer at Stripe (last, so a refusal rolls the erasure back). */
  deleteCustomer: (customerId: string) => Promise<void>;
}

/** The account fields the history shows (never the password or its hash). */
const USER_FIELDS = ['username', 'email', 'phone', 'role', 'is_active'] as const;

/** Emails are compared and stored lower case, like login does. */
const userValues = (input: UserInput) => ({
  username: input.username,
  email: input.email.toLowerCase(),
  phone: input.phone === '' ? null : (input.phone ?? null),
  role_id: input.role_id,
  is_active: input.is_active,
});

/** The history entry of a change to one account. */
const userEntry = (kind: HistoryKind, user: AdminUser, changes: RecordedChange[]): ActionEntry => ({
  kind,
  entity_type: 'user',
  entity_id: user.id,
  label: user.username,
  changes,
});

/**
 * Turns a unique-index violation on users into the field-specific Spanish conflict. A name that matches
 * another's skeleton may be that very name in another case ("in use") or only look like it.
 */
async function accountConflict(error: unknown, usernameInUse: () => Promise<boolean>): Promise<never> {
  const field = accountConflictField(error);
  if (field === 'email') throw conflict(M.emailTaken, 'email');
  if (field === 'username') throw conflict(M.usernameTaken, 'username');
  if (field === 'lookalike') {
    throw conflict((await usernameInUse()) ? M.usernameTaken : USERNAME_MESSAGES.lookalike, 'username');
  }
  throw error;
}

/** The user form of Configuración: list, create, edit and delete one account. */
export function createUsersService({
  repo,
  hashPassword,
  history,
  events,
  endSubscription,
  deleteCustomer,
}: UsersServiceDeps) {
  const listUsers = async (filter: UserFilter): Promise<UserList> => {
    return { ...(await repo.listUsers(filter)), pageSize: filter.pageSize };
  };

  const createUser = async (input: UserInput & { password: string }, actor: Actor): Promise<AdminUser> => {
    const password_hash = await hashPassword(input.password);
    try {
      return await repo.transaction(async (tx) => {
        await tx.lockRoleHolders();
        await assertRoleExists(tx, input.role_id);
        const id = await tx.insertUser({ ...userValues(input), password_hash });
        const saved = withoutTokenVersion(present(await tx.findUser(id), 'saved user'));
        await history.recordAction(actor, userEntry('user.create', saved, created(saved, USER_FIELDS)));
        return saved;
      });
    } catch (error) {
      return accountConflict(error, () => repo.usernameInUse(input.username));
    }
  };

  /**
   * Saves the account. A new role, active flag or password ends the user's sessions; the change is refused
   * (and rolled back) when it would leave no active user with the config permission.
   */
  const updateUser = async (
    id: number,
    { subscription_end: ending = 'period_end', ...input }: UserInput,
    actor: Actor,
  ): Promise<AdminUser> => {
    const password_hash = input.password ? await hashPassword(input.password) : undefined;
    let activated = false;
    let saved: AdminUser;
    try {
      saved = await repo.transaction(async (tx) => {
        const existing = await lockedRead(tx, () => tx.findUser(id), M.userNotFound);
        await assertRoleExists(tx, input.role_id);
        const values = userValues(input);
        // A credential change ends everything issued under the old credentials (accounts/epoch.ts); a new
        // role or an activation only signs the account out.
        const epoch: EpochEvent | null =
          password_hash !== undefined
            ? 'admin_password'
            : existing.email.toLowerCase() !== values.email.toLowerCase()
              ? 'admin_email'
              : existing.is_active && !values.is_active
                ? 'deactivated'
                : null;
        await tx.updateUser(
          id,
          { ...values, ...(password_hash ? { password_hash } : {}) },
          {
            epoch,
            sessions: existing.role_id !== values.role_id || existing.is_active !== values.is_active,
          },
        );
        const saved = withoutTokenVersion(present(await tx.findUser(id), 'saved user'));
        const kind =
          existing.is_active === saved.is_active
            ? 'user.update'
            : saved.is_active
              ? 'user.activate'
              : 'user.deactivate';
        const subscription = kind === 'user.deactivate' ? liveSubscriptionOf(existing) : undefined;
        await history.recordAction(
          actor,
          userEntry(kind, saved, [
            ...diff(existing, saved, USER_FIELDS),
            ...(password_hash ? [{ field: 'password', before: null, after: 'cambiada' }] : []),
            ...(subscription ? [subscriptionEndChange(ending)] : []),
          ]),
        );
        await assertSomeoneAdministers(tx, M.lastConfigUserChange);
        // Last, once every rule has passed: if the provider refuses, the whole change is rolled back.
        if (subscription) await endSubscription(subscription, ending);
        activated = !existing.is_active && saved.is_active;
        return saved;
      });
    } catch (error) {
      return accountConflict(error, () => repo.usernameInUse(input.username, id));
    }
    if (activated) events.activated([saved]);
    return saved;
  };

  /** Deletes the account; a pending one (never let in) is told it was refused, with the reason if given. */
  const deleteUser = async (
    id: number,
    actor: Actor,
    reason?: string,
    ending: SubscriptionEnding = 'period_end',
  ): Promise<void> => {
    const deleted = await repo.transaction(async (tx) => {
      const existing = await lockedRead(tx, () => tx.findUser(id), M.userNotFound);
      const subscription = liveSubscriptionOf(existing);
      // Historial names the administrator; the member only by a pseudonym, in this entry and the earlier ones.
      const pseudonym = newPseudonym();
      const customers = await tx.customersOf([id]);
      await tx.deleteUser(id, pseudonym);
      await history.recordAction(
        actor,
        userEntry('user.delete', { ...existing, username: pseudonym }, [
          { field: 'datos', before: null, after: 'Datos personales eliminados' },
          // A refused registration's reason goes to the member by email; Historial keeps it too.
          ...(!existing.is_active && reason ? [{ field: 'motivo', before: null, after: reason }] : []),
          ...(subscription ? [subscriptionEndChange(ending)] : []),
        ]),
      );
      await assertSomeoneAdministers(tx, M.lastConfigUserDelete);
      if (subscription) await endSubscription(subscription, ending);
      // A subscription left to run to the end of its period needs its customer: deleting it would end it now.
      if (!subscription || ending === 'now') for (const customer of customers) await deleteCustomer(customer);
      return existing;
    });
    await repo.forgetDeleted();
    if (deleted.is_active) events.erased([deleted]);
    else events.refused([deleted], reason);
  };

  return { listUsers, createUser, updateUser, deleteUser };
}
