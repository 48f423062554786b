import { TWO_FACTOR_MESSAGES as T, type SecondFactor, type SessionUser } from '@app/contracts';
import { unauthorized } from '../../lib/errors';
import { hashCode, randomToken } from './codes';
import { STEP_MS } from './decide';
import type { AfterPassword, AfterSecondStep, TwoFactorServiceDeps } from './checks';
import type { ChallengeRow } from './repo';

const maskEmail = (email: string): string => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
};

/** A sign-in's second step as stored: opened after the password, found by its token, ended by the session. */
export function createChallenges(deps: Pick<TwoFactorServiceDeps, 'repo' | 'clock' | 'loadSessionUser'>) {
  const { repo, clock } = deps;
  const iso = (date: Date) => date.toISOString();

  return {
    async open(
      user: SessionUser,
      tokenVersion: number,
      options: {
        factors: readonly SecondFactor[];
        needsSetup: boolean;
        emailCode: string | null;
        ttlMs: number;
      },
    ): Promise<AfterPassword & { kind: 'challenge' }> {
      const now = clock.now();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + options.ttlMs);
      await repo.createChallenge(
        {
          id_hash: hashCode(token),
          user_id: user.id,
          factors: options.factors,
          needs_setup: options.needsSetup,
          email_code_hash: options.emailCode ? hashCode(options.emailCode) : null,
          email_code_expires_at: options.emailCode ? iso(new Date(now.getTime() + STEP_MS.long)) : null,
          token_version: tokenVersion,
          expires_at: iso(expiresAt),
        },
        iso(now),
      );
      const second_step = {
        factors: [...options.factors],
        setup_required: options.needsSetup,
        email_sent_to: options.emailCode ? maskEmail(user.email) : null,
        expires_at: iso(expiresAt),
      };
      return {
        kind: 'challenge',
        token,
        ttlSeconds: Math.round(options.ttlMs / 1000),
        answer: { second_step },
      };
    },

    /** The second step the token names, while the account epoch it was opened under is still the account's. */
    async live(token: string): Promise<ChallengeRow> {
      const challenge = await repo.findChallenge(hashCode(token), iso(clock.now()));
      if (!challenge) throw unauthorized(T.stepExpired);
      const account = await repo.findAccount(challenge.user_id);
      if (account?.token_version !== challenge.token_version) throw unauthorized(T.stepExpired);
      return challenge;
    },

    /** Ends the challenge and hands back the user to open the session for (the password must not have changed). */
    async finish(
      challenge: ChallengeRow,
      method: SecondFactor,
    ): Promise<AfterSecondStep & { kind: 'session' }> {
      const account = await repo.findAccount(challenge.user_id);
      const found = account && (await deps.loadSessionUser(account.email.toLowerCase()));
      if (!account || !found || !account.is_active || found.token_version !== challenge.token_version) {
        throw unauthorized(T.stepExpired);
      }
      if (!(await repo.takeChallenge(challenge.id_hash))) throw unauthorized(T.stepExpired);
      return { kind: 'session', user: found.user, token_version: found.token_version, method };
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
