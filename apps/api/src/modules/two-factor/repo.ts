import type { SecondFactor } from '@app/contracts';
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { rolePermissions, roles, sessions, settings, tools, users } from '../../db/schema';
import { moveEpoch } from '../accounts';
import { countPasskeys, removePasskeys, withoutPasskey } from '../passkeys';
import { backupCodes, loginChallenges, totpFactors, trustedDevices } from './schema';

export const RULES_KEY = 'two_factor_rules';

export interface ChallengeRow {
  id_hash: string;
  user_id: number;
  factors: SecondFactor[];
  needs_setup: boolean;
  email_code_hash: string | null;
  email_code_expires_at: string | null;
  email_tries: number;
  email_verified: boolean;
  token_version: number;
  expires_at: string;
}

export interface NewChallenge {
  id_hash: string;
  user_id: number;
  factors: readonly SecondFactor[];
  needs_setup: boolean;
  email_code_hash: string | null;
  email_code_expires_at: string | null;
  token_version: number;
  expires_at: string;
}

/** Second factors, sign-ins waiting for them and verified devices: only drizzle, on either engine. */
export function createTwoFactorRepo(database: AppDatabase, box: SecretBox) {
  const write = database.transaction.bind(database);

  return {
    write,

    /** Seals every authenticator secret with the current key (the start-up migration, a key rotation). */
    resealSecrets: (): Promise<void> =>
      write(async (tx) => {
        const rows = await tx
          .select({ user_id: totpFactors.user_id, secret: totpFactors.secret })
          .from(totpFactors);
        for (const row of rows) {
          const secret = box.reseal(row.secret);
          if (secret !== row.secret) {
            await tx.update(totpFactors).set({ secret }).where(eq(totpFactors.user_id, row.user_id));
          }
        }
      }),

    async readSetting(key: string): Promise<string | undefined> {
      const [row] = await database.read.select().from(settings).where(eq(settings.key, key));
      return row?.value;
    },

    /** Stores the value unless the key is already set (two nodes starting at once: the first wins). */
    seedSetting: (key: string, value: string): Promise<void> =>
      write(async (tx) => {
        await tx.insert(settings).values({ key, value }).onConflictDoNothing();
      }),

    saveSetting: (key: string, value: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .insert(settings)
          .values({ key, value })
          .onConflictDoUpdate({ target: settings.key, set: { value } });
      }),

    async countUsers(): Promise<number> {
      const [row] = await database.read.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    async rolesByIds(ids: readonly number[]): Promise<{ id: number; name: string }[]> {
      if (ids.length === 0) return [];
      return database.read
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(inArray(roles.id, [...ids]));
    },

    async findAccount(userId: number) {
      const [row] = await database.read
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          password_hash: users.password_hash,
          token_version: users.token_version,
          is_active: users.is_active,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async findAccountByEmail(email: string) {
      const [row] = await database.read
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      return row;
    },

    async findTotp(userId: number) {
      const [row] = await database.read.select().from(totpFactors).where(eq(totpFactors.user_id, userId));
      return row && { ...row, secret: box.open(row.secret) };
    },

    async unusedBackupCodes(userId: number): Promise<number> {
      const [row] = await database.read
        .select({ n: count() })
        .from(backupCodes)
        .where(and(eq(backupCodes.user_id, userId), isNull(backupCodes.used_at)));
      return row?.n ?? 0;
    },

    /** A new set-up replaces an unconfirmed one; an active app is left alone (false). */
    startTotp: (userId: number, secret: string): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .insert(totpFactors)
          .values({ user_id: userId, secret: box.seal(secret) })
          .onConflictDoUpdate({
            target: totpFactors.user_id,
            set: { secret: box.seal(secret), last_step: 0 },
            setWhere: isNull(totpFactors.confirmed_at),
          })
          .returning({ user_id: totpFactors.user_id });
        return rows.length > 0;
      }),

    /**
     * Takes a time step for the account's code: only the update that raises `last_step` past every step used so
     * far succeeds, so two nodes given the same code at once accept it once. `confirm` also activates a set-up.
     */
    takeTotpStep: (userId: number, step: number, confirmAt?: string): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(totpFactors)
          .set({ last_step: step, ...(confirmAt ? { confirmed_at: confirmAt } : {}) })
          .where(
            and(
              eq(totpFactors.user_id, userId),
              lt(totpFactors.last_step, step),
              confirmAt ? isNull(totpFactors.confirmed_at) : sql`${totpFactors.confirmed_at} is not null`,
            ),
          )
          .returning({ user_id: totpFactors.user_id });
        return rows.length > 0;
      }),

    replaceBackupCodes: (userId: number, hashes: readonly string[]): Promise<void> =>
      write(async (tx) => {
        await tx.delete(backupCodes).where(eq(backupCodes.user_id, userId));
        await tx.insert(backupCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
      }),

    /** Spends a backup code: only one caller can mark it used. */
    spendBackupCode: (userId: number, hash: string, now: string): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(backupCodes)
          .set({ used_at: now })
          .where(
            and(
              eq(backupCodes.user_id, userId),
              eq(backupCodes.code_hash, hash),
              isNull(backupCodes.used_at),
            ),
          )
          .returning({ id: backupCodes.id });
        return rows.length > 0;
      }),

    /** Removes every second factor this module keeps (and what rides on them) in the caller's transaction. */
    /** How many passkeys the account has (each is a second factor too). */
    countPasskeys: (userId: number): Promise<number> => countPasskeys(database.read, userId),

    /** An administrator's or the server's reset: the passkeys go with the app and its codes. */
    async removePasskeys(tx: Parameters<Parameters<AppDatabase['transaction']>[0]>[0], userId: number) {
      await removePasskeys(tx, userId);
    },

    async removeFactors(tx: Parameters<Parameters<AppDatabase['transaction']>[0]>[0], userId: number) {
      await tx.delete(totpFactors).where(eq(totpFactors.user_id, userId));
      await tx.delete(backupCodes).where(eq(backupCodes.user_id, userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.user_id, userId));
      await tx.delete(trustedDevices).where(eq(trustedDevices.user_id, userId));
    },

    createChallenge: (challenge: NewChallenge, now: string): Promise<void> =>
      write(async (tx) => {
        await tx.delete(loginChallenges).where(lte(loginChallenges.expires_at, now));
        await tx.insert(loginChallenges).values({ ...challenge, factors: challenge.factors.join(',') });
      }),

    async findChallenge(idHash: string, now: string): Promise<ChallengeRow | undefined> {
      const [row] = await database.read
        .select()
        .from(loginChallenges)
        .where(and(eq(loginChallenges.id_hash, idHash), gt(loginChallenges.expires_at, now)));
      if (!row) return undefined;
      const { created_at: _created, ...rest } = row;
      return { ...rest, factors: row.factors.split(',').filter(Boolean) as SecondFactor[] };
    },

    /** Counts one try of the emailed code, unless the tries are spent (false). */
    spendEmailTry: (idHash: string, maxTries: number): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(loginChallenges)
          .set({ email_tries: sql`${loginChallenges.email_tries} + 1` })
          .where(and(eq(loginChallenges.id_hash, idHash), lt(loginChallenges.email_tries, maxTries)))
          .returning({ id: loginChallenges.id_hash });
        return rows.length > 0;
      }),

    /** Uses the emailed code: only the caller that still finds its hash succeeds (single use). */
    /**
     * Puts a new emailed code in place of the old one (its tries start again), only when the old one was issued
     * before `issuedBefore` (its expiry earlier than `expiredBefore`): of two resends at once, one lands.
     */
    replaceEmailCode: (
      idHash: string,
      code: { hash: string; expires_at: string },
      expiredBefore: string,
    ): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(loginChallenges)
          .set({ email_code_hash: code.hash, email_code_expires_at: code.expires_at, email_tries: 0 })
          .where(
            and(
              eq(loginChallenges.id_hash, idHash),
              eq(loginChallenges.email_verified, false),
              lte(loginChallenges.email_code_expires_at, expiredBefore),
            ),
          )
          .returning({ id: loginChallenges.id_hash });
        return rows.length > 0;
      }),

    useEmailCode: (idHash: string, codeHash: string): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(loginChallenges)
          .set({ email_verified: true, email_code_hash: null, factors: '' })
          .where(and(eq(loginChallenges.id_hash, idHash), eq(loginChallenges.email_code_hash, codeHash)))
          .returning({ id: loginChallenges.id_hash });
        return rows.length > 0;
      }),

    /** Ends the challenge: only one caller gets it, so a second step completes one sign-in. */
    takeChallenge: (idHash: string): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .delete(loginChallenges)
          .where(eq(loginChallenges.id_hash, idHash))
          .returning({ id: loginChallenges.id_hash });
        return rows.length > 0;
      }),

    async findTrustedDevice(userId: number, deviceHash: string, now: string) {
      const [row] = await database.read
        .select()
        .from(trustedDevices)
        .where(
          and(
            eq(trustedDevices.user_id, userId),
            eq(trustedDevices.device_hash, deviceHash),
            gt(trustedDevices.expires_at, now),
          ),
        );
      return row;
    },

    trustDevice: (device: {
      user_id: number;
      device_hash: string;
      epoch: number;
      session_id: string | null;
      expires_at: string;
    }): Promise<void> =>
      write(async (tx) => {
        await tx
          .insert(trustedDevices)
          .values(device)
          .onConflictDoUpdate({
            target: [trustedDevices.user_id, trustedDevices.device_hash],
            set: {
              epoch: device.epoch,
              session_id: device.session_id,
              expires_at: device.expires_at,
            },
          });
      }),

    /** Records the session a remembered device signed in with (ending it forgets the device). */
    touchTrustedDevice: (userId: number, deviceHash: string, sessionId: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(trustedDevices)
          .set({ session_id: sessionId })
          .where(and(eq(trustedDevices.user_id, userId), eq(trustedDevices.device_hash, deviceHash)));
      }),

    /**
     * Signs out the accounts a new rule requires a second factor of and that have none (no confirmed app, no
     * passkey), but the session `keep` (the administrator who saved the rule): their next sign-in sets one up.
     * `roleIds` are the roles required by name; `adminRoles`, whether roles granting an administration tool are.
     * Returns how many sessions ended.
     */
    endUnprotectedSessions: (
      rule: { roleIds: readonly number[]; adminTools: readonly string[] | null },
      keep: string,
    ): Promise<number> =>
      write(async (tx) => {
        const adminRoles = tx
          .select({ role_id: rolePermissions.role_id })
          .from(rolePermissions)
          .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
          .where(inArray(tools.name, [...(rule.adminTools ?? [])]));
        const required = or(
          rule.roleIds.length > 0 ? inArray(users.role_id, [...rule.roleIds]) : undefined,
          rule.adminTools && rule.adminTools.length > 0 ? inArray(users.role_id, adminRoles) : undefined,
        );
        if (!required) return 0;
        const unprotected = tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              required,
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(totpFactors)
                  .where(and(eq(totpFactors.user_id, users.id), isNotNull(totpFactors.confirmed_at))),
              ),
              withoutPasskey(tx),
            ),
          );
        const ended = await tx
          .delete(sessions)
          .where(and(inArray(sessions.user_id, unprotected), ne(sessions.id, keep)))
          .returning({ id: sessions.id });
        return ended.length;
      }),

    /**
     * A second factor was added: the account epoch moves (every other session, link and remembered device
     * ends; `keep`, the session that added it, goes on). Returns the new epoch.
     */
    factorAdded: (userId: number, keep: string | null): Promise<number> =>
      write(async (tx) => {
        await moveEpoch(tx, [userId], 'factor_added', keep ?? undefined);
        const [row] = await tx
          .select({ token_version: users.token_version })
          .from(users)
          .where(eq(users.id, userId));
        return row?.token_version ?? 0;
      }),
  };
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;

/**
 * Forgets the remembered devices of ended sessions, in the caller's transaction: whoever ends a session from
 * the sessions list calls it, so that device is asked for an emailed code again.
 */
export async function forgetDevicesOfSessions(
  tx: Parameters<Parameters<AppDatabase['transaction']>[0]>[0],
  sessionIds: readonly string[],
): Promise<void> {
  if (sessionIds.length > 0)
    await tx.delete(trustedDevices).where(inArray(trustedDevices.session_id, [...sessionIds]));
}
