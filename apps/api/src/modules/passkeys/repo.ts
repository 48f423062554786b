import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { moveEpoch } from '../accounts';
import { passkeys, webauthnChallenges } from './schema';

export type ChallengePurpose = 'registration' | 'authentication';

/** A passkey as the member sees it. */
export interface PasskeyRow {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** What an assertion is checked against. */
export interface StoredCredential {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
}

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  created_at: passkeys.created_at,
  last_used_at: passkeys.last_used_at,
};

export function createPasskeysRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    list: (userId: number): Promise<PasskeyRow[]> =>
      database.read
        .select(listed)
        .from(passkeys)
        .where(eq(passkeys.user_id, userId))
        .orderBy(asc(passkeys.created_at), asc(passkeys.id)),

    /** The account's credential ids, so the browser does not register the same authenticator twice. */
    credentialIds: (userId: number): Promise<{ credential_id: string; transports: string }[]> =>
      database.read
        .select({ credential_id: passkeys.credential_id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.user_id, userId)),

    findByCredentialId: async (credentialId: string): Promise<StoredCredential | undefined> => {
      const [row] = await database.read
        .select({
          id: passkeys.id,
          user_id: passkeys.user_id,
          credential_id: passkeys.credential_id,
          public_key: passkeys.public_key,
          counter: passkeys.counter,
          transports: passkeys.transports,
        })
        .from(passkeys)
        .where(eq(passkeys.credential_id, credentialId));
      return row;
    },

    /** Keeps a new challenge (and drops the expired ones, so the table holds only live challenges). */
    storeChallenge: (challenge: {
      challenge: string;
      purpose: ChallengePurpose;
      userId: number | null;
      expiresAt: Date;
      now: Date;
    }): Promise<void> =>
      write(async (tx) => {
        await tx
          .delete(webauthnChallenges)
          .where(lte(webauthnChallenges.expires_at, challenge.now.toISOString()));
        await tx.insert(webauthnChallenges).values({
          challenge: challenge.challenge,
          purpose: challenge.purpose,
          user_id: challenge.userId,
          expires_at: challenge.expiresAt.toISOString(),
        });
      }),

    /**
     * Spends a challenge: deletes it and says whom it was issued to. Only the first answer that names a live
     * challenge gets it, on whichever node; an expired or spent one gives undefined.
     */
    takeChallenge: (
      challenge: string,
      purpose: ChallengePurpose,
      now: Date,
    ): Promise<{ user_id: number | null } | undefined> =>
      write(async (tx) => {
        const [row] = await tx
          .delete(webauthnChallenges)
          .where(
            and(
              eq(webauthnChallenges.challenge, challenge),
              eq(webauthnChallenges.purpose, purpose),
              gt(webauthnChallenges.expires_at, now.toISOString()),
            ),
          )
          .returning({ user_id: webauthnChallenges.user_id });
        return row;
      }),

    /** Saves a new passkey and ends the account's other sessions, in one transaction. */
    insertEndingOtherSessions: (passkey: {
      userId: number;
      keepSessionId: string;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string;
      name: string;
      now: Date;
    }): Promise<PasskeyRow> =>
      write(async (tx) => {
        const [row] = await tx
          .insert(passkeys)
          .values({
            user_id: passkey.userId,
            credential_id: passkey.credentialId,
            public_key: passkey.publicKey,
            counter: passkey.counter,
            transports: passkey.transports,
            name: passkey.name,
            created_at: passkey.now.toISOString(),
          })
          .returning(listed);
        // A new factor is a credential change: everything issued to the account before ends but this session.
        await moveEpoch(tx, [passkey.userId], 'factor_added', passkey.keepSessionId);
        if (!row) throw new Error('the new passkey was not returned');
        return row;
      }),

    rename: async (userId: number, id: number, name: string): Promise<PasskeyRow | undefined> =>
      write(async (tx) => {
        const [row] = await tx
          .update(passkeys)
          .set({ name })
          .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
          .returning(listed);
        return row;
      }),

    /** Removes every passkey of the account (a password reset that asked for it). */
    removeAll: (userId: number): Promise<void> =>
      write(async (tx) => {
        await tx.delete(passkeys).where(eq(passkeys.user_id, userId));
      }),

    remove: (userId: number, id: number): Promise<PasskeyRow | undefined> =>
      write(async (tx) => {
        const [row] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
          .returning(listed);
        return row;
      }),

    /** Records a sign-in: the authenticator's new counter and the time. */
    recordUse: (id: number, counter: number, now: Date): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(passkeys)
          .set({ counter, last_used_at: now.toISOString() })
          .where(eq(passkeys.id, id));
      }),

    /** How many passkeys the account has (a second factor it can be asked for). */
    countFor: async (userId: number): Promise<number> =>
      (await database.read.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.user_id, userId)))
        .length,
  };
}

export type PasskeysRepo = ReturnType<typeof createPasskeysRepo>;
