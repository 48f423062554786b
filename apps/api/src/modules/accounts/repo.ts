import { SELF_REGISTERED_ROLE_ID } from '@app/contracts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
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

export function createAccountsRepo(db: Db) {
  return {
    /** Self-registration: always the cafeinas role and inactive, whatever the visitor sent. */
    insertSelfRegistered(account: NewAccount): void {
      db.insert(users)
        .values({ ...account, role_id: SELF_REGISTERED_ROLE_ID, is_active: false })
        .run();
    },

    findByEmail(
      email: string,
    ): { id: number; username: string; email: string; is_active: boolean } | undefined {
      return db
        .select({ id: users.id, username: users.username, email: users.email, is_active: users.is_active })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .get();
    },

    /** When the user's most recent recovery link was made, if any. */
    lastResetRequestAt(userId: number): string | undefined {
      return db
        .select({ created_at: passwordResetTokens.created_at })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.user_id, userId))
        .orderBy(desc(passwordResetTokens.created_at))
        .limit(1)
        .get()?.created_at;
    },

    /** Stores a new link for the user, replacing (deleting) every earlier one. */
    replaceResetToken(token: { userId: number; hash: string; createdAt: Date; expiresAt: Date }): void {
      db.transaction((tx) => {
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, token.userId)).run();
        tx.insert(passwordResetTokens)
          .values({
            user_id: token.userId,
            token_hash: token.hash,
            created_at: token.createdAt.toISOString(),
            expires_at: token.expiresAt.toISOString(),
          })
          .run();
      });
    },

    /** The unspent, unexpired link with this hash, for an active user. */
    findUsableResetToken(hash: string, now: Date): { id: number; userId: number } | undefined {
      return db
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
        )
        .get();
    },

    /**
     * Spends the link and sets the new password in one transaction: every link of the user is spent, the token
     * version moves on and every session row goes, so all signed-in browsers are signed out. Returns false when
     * the link was spent meanwhile (two submits racing).
     */
    resetPassword(tokenId: number, userId: number, passwordHash: string, now: Date): boolean {
      return db.transaction((tx) => {
        const spent = tx
          .update(passwordResetTokens)
          .set({ used_at: now.toISOString() })
          .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.used_at)))
          .run();
        if (spent.changes !== 1) return false;
        tx.update(passwordResetTokens)
          .set({ used_at: now.toISOString() })
          .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)))
          .run();
        tx.update(users)
          .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
          .where(eq(users.id, userId))
          .run();
        tx.delete(sessions).where(eq(sessions.user_id, userId)).run();
        return true;
      });
    },

    /**
     * Updates the user's own username, email, phone and maybe password (never role or active flag). A new
     * password moves the token version on and ends every other session; returns the new token version.
     */
    updateProfile(userId: number, currentSessionId: string, changes: ProfileChanges): number | undefined {
      return db.transaction((tx) => {
        const { password_hash, ...fields } = changes;
        const row = tx
          .update(users)
          .set(
            password_hash
              ? { ...fields, password_hash, token_version: sql`${users.token_version} + 1` }
              : fields,
          )
          .where(eq(users.id, userId))
          .returning({ token_version: users.token_version })
          .get();
        if (!row) return undefined;
        if (password_hash) {
          tx.delete(sessions)
            .where(and(eq(sessions.user_id, userId), ne(sessions.id, currentSessionId)))
            .run();
          tx.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, userId)).run();
        }
        return row.token_version;
      });
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
