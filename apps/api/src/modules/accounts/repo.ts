import { SELF_REGISTERED_ROLE_ID } from '@app/contracts';
import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { bumpUserCount } from '../../db/kept-counts';
import { sessions, users } from '../../db/schema';
import { renamedSkeleton, usernameSkeleton } from '../../db/username-skeleton';
import { NO_PASSWORD } from '../../lib/password';
import { passwordResetTokens } from './schema';

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
 * Deletes every outstanding recovery or set-up link of these accounts, in the caller's transaction: a new email,
 * a new password or a deactivation must not leave a link that still chooses the password.
 */
export async function endResetLinks(tx: Db, userIds: readonly number[] | SQLWrapper): Promise<void> {
  const holders = Array.isArray(userIds)
    ? inArray(passwordResetTokens.user_id, userIds)
    : inArray(passwordResetTokens.user_id, userIds as SQLWrapper);
  await tx.delete(passwordResetTokens).where(holders);
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

export function createAccountsRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    /** Self-registration: always the cafeinas role and inactive, whatever the visitor sent. */
    insertSelfRegistered: (account: NewAccount): Promise<void> =>
      write(async (tx) => {
        await tx.insert(users).values({
          ...account,
          username_skeleton: usernameSkeleton(account.username),
          role_id: SELF_REGISTERED_ROLE_ID,
          is_active: false,
        });
        await bumpUserCount(tx, false, 1);
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
          token_hash: token.hash,
          created_at: token.createdAt.toISOString(),
          expires_at: token.expiresAt.toISOString(),
        });
      }),

    /** The unspent, unexpired link with this hash, for an active user. */
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
        await tx
          .update(users)
          .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
          .where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.user_id, userId));
        return true;
      }),

    /** Whether the account has a password to sign in with (an imported or paid-for one may have none yet). */
    async hasPassword(userId: number): Promise<boolean> {
      const [row] = await database.read
        .select({ hash: users.password_hash })
        .from(users)
        .where(eq(users.id, userId));
      return row !== undefined && row.hash !== NO_PASSWORD;
    },

    /**
     * Sets the password of an account whose owner proved the email some other way than a recovery link (a
     * waiting payment's link): like a reset, it ends every session and every outstanding link.
     */
    choosePassword: (userId: number, passwordHash: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(users)
          .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
          .where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.user_id, userId));
        await endResetLinks(tx, [userId]);
      }),

    /**
     * Updates the user's own username, email, phone and maybe password (never role or active flag). A new
     * password moves the token version on and ends every other session; a new password or email ends every
     * outstanding link (they were sent to the old address, or choose a password the member just replaced).
     * Returns the new token version.
     */
    updateProfile: (
      userId: number,
      currentSessionId: string,
      changes: ProfileChanges,
    ): Promise<number | undefined> =>
      write(async (tx) => {
        const { password_hash, ...changed } = changes;
        const fields = { ...changed, username_skeleton: renamedSkeleton(changed.username) };
        const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
        const [row] = await tx
          .update(users)
          .set(
            password_hash
              ? { ...fields, password_hash, token_version: sql`${users.token_version} + 1` }
              : fields,
          )
          .where(eq(users.id, userId))
          .returning({ token_version: users.token_version });
        if (!row) return undefined;
        if (password_hash) {
          await tx
            .delete(sessions)
            .where(and(eq(sessions.user_id, userId), ne(sessions.id, currentSessionId)));
        }
        if (password_hash || before?.email !== fields.email) await endResetLinks(tx, [userId]);
        return row.token_version;
      }),
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
