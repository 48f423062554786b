import { and, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { emailConfirmations, passwordResetTokens } from './schema';

/**
 * The account epoch: one stored number per account (`users.token_version`) that every credential-like thing
 * carries from the moment it is issued: sessions, pending email confirmations, recovery and set-up links,
 * second-step tokens, known-device and trusted-device cookies. Each is refused once the account's epoch moved
 * past the one it carries, so what a credential change ends is decided here and nowhere else.
 *
 * A new credential-like thing joins by storing the epoch when it is issued and comparing it when it is used.
 * The rows of this module are also deleted when the epoch moves (they can never be used again).
 */

/** What moves an account's epoch. */
export const EPOCH_EVENTS = [
  /** A recovery or set-up link chose a new password. */
  'password_reset',
  /** The member changed the password on /perfil (the session that did it goes on). */
  'password_changed',
  /** An administrator set a new password. */
  'admin_password',
  /** An administrator set a new email address. */
  'admin_email',
  /** The account was deactivated (by an administrator or billing). */
  'deactivated',
  /** The second factors were reset (an administrator or the server's command line). */
  'factors_reset',
  /** The member added a second factor: an authenticator app or a passkey (the session that did it goes on). */
  'factor_added',
] as const;
export type EpochEvent = (typeof EPOCH_EVENTS)[number];

/** The accounts an epoch move applies to: a list of ids or a subquery selecting them. */
type Accounts = readonly number[] | SQLWrapper;

const holders = (column: typeof users.id | typeof sessions.user_id, accounts: Accounts) =>
  Array.isArray(accounts) ? inArray(column, accounts) : inArray(column, accounts as SQLWrapper);

/**
 * Moves the epoch of these accounts on, in the caller's transaction: every session ends (except `keepSession`,
 * the browser that made the change, which moves to the new epoch with it), and every link sent under the old
 * epoch is deleted. Things other modules issue (second-step tokens, trusted devices, known devices) compare
 * the epoch they carry and are refused from now on.
 */
export async function moveEpoch(
  tx: Db,
  accounts: Accounts,
  _event: EpochEvent,
  keepSession?: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1` })
    .where(holders(users.id, accounts));
  await tx
    .delete(sessions)
    .where(
      keepSession === undefined
        ? holders(sessions.user_id, accounts)
        : and(holders(sessions.user_id, accounts), ne(sessions.id, keepSession)),
    );
  if (keepSession !== undefined) {
    await tx
      .update(sessions)
      .set({
        epoch: sql`(select ${users.token_version} from ${users} where ${users.id} = ${sessions.user_id})`,
      })
      .where(eq(sessions.id, keepSession));
  }
  await endLinks(tx, accounts);
}

/**
 * Deletes every outstanding recovery, set-up and email-confirmation link of these accounts, in the caller's
 * transaction (a new address also ends the links sent to the old one, without moving the epoch).
 */
export async function endLinks(tx: Db, accounts: Accounts): Promise<void> {
  await tx
    .delete(passwordResetTokens)
    .where(
      Array.isArray(accounts)
        ? inArray(passwordResetTokens.user_id, accounts)
        : inArray(passwordResetTokens.user_id, accounts as SQLWrapper),
    );
  await tx
    .delete(emailConfirmations)
    .where(
      Array.isArray(accounts)
        ? inArray(emailConfirmations.user_id, accounts)
        : inArray(emailConfirmations.user_id, accounts as SQLWrapper),
    );
}

/** The account's epoch as a value to store beside something issued now, inside the same statement. */
export const currentEpoch = (userId: number) =>
  sql<number>`(select ${users.token_version} from ${users} where ${users.id} = ${userId})`;
