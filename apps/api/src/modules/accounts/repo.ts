import { SELF_REGISTERED_ROLE_ID } from '@app/contracts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { bumpUserCount } from '../../db/kept-counts';
import { single } from '../../db/rows';
import { users } from '../../db/schema';
import { renamedSkeleton, usernameSkeleton } from '../../db/username-skeleton';
import { NO_PASSWORD } from '../../lib/password';
import { currentEpoch, endLinks, moveEpoch } from './epoch';
import { emailConfirmations, passwordResetTokens } from './schema';

export interface NewAccount {
  username: string;
  email: string;
  phone: string;
  password_hash: string;
}

export interface ProfileChanges {
  username: string;
  email: string;
  phone: string | null;
  /** Set when the password changes: it also bumps the token version. */
  password_hash?: string;
}

/**
 * Whether another account than `exceptId` has this username, in any case: after a refused write, it tells a
 * name taken from one that only looks like another.
 */
export async function usernameInUse(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sets a password its owner chose by following a link of ours, in the caller's transaction: the link came to the
 * account's address, so it proves that address too; the account epoch moves on, so every signed-in browser, link
 * and remembered device issued before ends (a pending email change among them).
 */
async function setChosenPassword(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ password_hash: passwordHash, email_verified: true })
    .where(eq(users.id, userId));
  await moveEpoch(tx, [userId], 'password_reset');
}

/** A member's own account: registration, the look-ups of sign-in and recovery, the profile. */
function accountRows(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    /**
     * Self-registration: always the cafeinas role and inactive, whatever the visitor sent, and the email not
     * proven until its link is followed. Returns the new account's id.
     */
    insertSelfRegistered: (account: NewAccount): Promise<number> =>
      write(async (tx) => {
        const rows = await tx
          .insert(users)
          .values({
            ...account,
            username_skeleton: usernameSkeleton(account.username),
            role_id: SELF_REGISTERED_ROLE_ID,
            is_active: false,
            email_verified: false,
          })
          .returning({ id: users.id });
        await bumpUserCount(tx, false, 1);
        return single(rows, 'self-registered user').id;
      }),

    usernameInUse: (username: string, exceptId?: number): Promise<boolean> =>
      usernameInUse(database.read, username, exceptId),

    async findByEmail(
      email: string,
    ): Promise<{ id: number; username: string; email: string; is_active: boolean } | undefined> {
      const [row] = await database.read
        .select({ id: users.id, username: users.username, email: users.email, is_active: users.is_active })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      return row;
    },

    /** Whether the account has a password to sign in with (an imported or paid-for one may have none yet). */
    async hasPassword(userId: number): Promise<boolean> {
      const [row] = await database.read
        .select({ hash: users.password_hash })
        .from(users)
        .where(eq(users.id, userId));
      return row !== undefined && row.hash !== NO_PASSWORD;
    },

    /**
     * Updates the user's own username, email, phone and maybe password (never role or active flag). A new
     * password moves the account epoch on: every other session, link and remembered device ends, and this
     * session goes on under the new epoch. Returns the account's epoch.
     */
    updateProfile: (
      userId: number,
      currentSessionId: string,
      changes: ProfileChanges,
    ): Promise<number | undefined> =>
      write(async (tx) => {
        const { password_hash, ...changed } = changes;
        const fields = { ...changed, username_skeleton: renamedSkeleton(changed.username) };
        const updated = await tx
          .update(users)
          .set(password_hash ? { ...fields, password_hash } : fields)
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        if (updated.length === 0) return undefined;
        if (password_hash) await moveEpoch(tx, [userId], 'password_changed', currentSessionId);
        const [row] = await tx
          .select({ token_version: users.token_version })
          .from(users)
          .where(eq(users.id, userId));
        return row?.token_version;
      }),
  };
}

/** The links that prove an email address: sent on registration or on a new address, followed once. */
function emailLinks(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    /** Stores a link that proves `email` for the user, replacing every earlier one. */
    replaceEmailConfirmation: (link: {
      userId: number;
      email: string;
      hash: string;
      createdAt: Date;
      expiresAt: Date;
    }) =>
      write(async (tx) => {
        await tx.delete(emailConfirmations).where(eq(emailConfirmations.user_id, link.userId));
        await tx.insert(emailConfirmations).values({
          user_id: link.userId,
          epoch: currentEpoch(link.userId),
          email: link.email,
          token_hash: link.hash,
          created_at: link.createdAt.toISOString(),
          expires_at: link.expiresAt.toISOString(),
        });
      }),

    /**
     * Follows a confirmation link: its address becomes the account's (a new one replaces the old, and ends the
     * links sent to the old one) and counts as proven. Spends every confirmation link of the user. Returns the
     * proven address, or undefined for an unknown or expired link, or one sent before the account epoch moved
     * (a password reset ends a pending email change). Throws the unique violation of a taken email.
     */
    confirmEmail: (hash: string, now: Date): Promise<string | undefined> =>
      write(async (tx) => {
        const [link] = await tx
          .select({
            userId: emailConfirmations.user_id,
            email: emailConfirmations.email,
            current: users.email,
          })
          .from(emailConfirmations)
          .innerJoin(users, eq(users.id, emailConfirmations.user_id))
          .where(
            and(
              eq(emailConfirmations.token_hash, hash),
              gt(emailConfirmations.expires_at, now.toISOString()),
              eq(emailConfirmations.epoch, users.token_version),
            ),
          );
        if (!link) return undefined;
        const changed = link.email.toLowerCase() !== link.current.toLowerCase();
        await tx
          .update(users)
          .set(changed ? { email: link.email, email_verified: true } : { email_verified: true })
          .where(eq(users.id, link.userId));
        await endLinks(tx, [link.userId]);
        return link.email;
      }),

    /** The owner proved the email some other way (a link of ours they followed while signed in). */
    markEmailVerified: (userId: number): Promise<void> =>
      write(async (tx) => {
        await tx.update(users).set({ email_verified: true }).where(eq(users.id, userId));
      }),
  };
}

/** The recovery and set-up links that choose a password, and the password they set. */
function passwordLinks(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    /** When the user's most recent recovery link was made, if any. */
    async lastResetRequestAt(userId: number): Promise<string | undefined> {
      const [row] = await database.read
        .select({ created_at: passwordResetTokens.created_at })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.user_id, userId))
        .orderBy(desc(passwordResetTokens.created_at))
        .limit(1);
      return row?.created_at;
    },

    /** Stores a new link for the user, replacing (deleting) every earlier one. */
    replaceResetToken: (token: { userId: number; hash: string; createdAt: Date; expiresAt: Date }) =>
      write(async (tx) => {
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, token.userId));
        await tx.insert(passwordResetTokens).values({
          user_id: token.userId,
          epoch: currentEpoch(token.userId),
          token_hash: token.hash,
          created_at: token.createdAt.toISOString(),
          expires_at: token.expiresAt.toISOString(),
        });
      }),

    /** The unspent, unexpired link with this hash, for an active user, sent under the account's epoch. */
    async findUsableResetToken(hash: string, now: Date): Promise<{ id: number; userId: number } | undefined> {
      const [row] = await database.read
        .select({ id: passwordResetTokens.id, userId: passwordResetTokens.user_id })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
        .where(
          and(
            eq(passwordResetTokens.token_hash, hash),
            isNull(passwordResetTokens.used_at),
            gt(passwordResetTokens.expires_at, now.toISOString()),
            eq(passwordResetTokens.epoch, users.token_version),
            eq(users.is_active, true),
          ),
        );
      return row;
    },

    /**
     * Spends the link and sets the new password in one transaction: every link of the user is spent, the token
     * version moves on and every session row goes, so all signed-in browsers are signed out. Returns false when
     * the link was spent meanwhile (two submits racing).
     */
    resetPassword: (tokenId: number, userId: number, passwordHash: string, now: Date): Promise<boolean> =>
      write(async (tx) => {
        const spent = await tx
          .update(passwordResetTokens)
          .set({ used_at: now.toISOString() })
          .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.used_at)))
          .returning({ id: passwordResetTokens.id });
        if (spent.length !== 1) return false;
        await tx
          .update(passwordResetTokens)
          .set({ used_at: now.toISOString() })
          .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
        await setChosenPassword(tx, userId, passwordHash);
        return true;
      }),

    /**
     * Sets the password of an account whose owner proved the email some other way than a recovery link (a
     * waiting payment's link): like a reset, it ends every session and every outstanding link.
     */
    choosePassword: (userId: number, passwordHash: string): Promise<void> =>
      write(async (tx) => {
        await setChosenPassword(tx, userId, passwordHash);
      }),
  };
}

/** The accounts module's data: the member's own account, and the links that prove an email or choose a password. */
export function createAccountsRepo(database: AppDatabase) {
  return { ...accountRows(database), ...emailLinks(database), ...passwordLinks(database) };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
