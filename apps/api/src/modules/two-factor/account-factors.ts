import {
  TWO_FACTOR_MESSAGES as T,
  type SessionUser,
  type TotpSetup,
  type TwoFactorStatus,
} from '@app/contracts';
import { badRequest, conflict } from '../../lib/errors';
import type { FactorChecks, TwoFactorServiceDeps } from './checks';
import { newBackupCodes } from './codes';
import { appRemoval, isRequired } from './decide';

/** A signed-in member's own factors (Perfil), and the code a sensitive action asks of an account with the app. */
export function createAccountFactors({ repo }: TwoFactorServiceDeps, checks: FactorChecks) {
  const hasApp = async (userId: number) => (await checks.secondFactorsOf(userId)).includes('totp');

  /** A code of the app or a backup code; the account's second-step tries apply. */
  const confirmCode = (userId: number, code: string): Promise<void> =>
    checks.withTries(checks.accountTries(userId), () => checks.checkAnyCode(userId, code));

  return {
    async status(user: SessionUser): Promise<TwoFactorStatus> {
      const factors = await checks.secondFactorsOf(user.id);
      return {
        totp: factors.includes('totp'),
        backup_codes_left: await repo.unusedBackupCodes(user.id),
        required: isRequired(user, await checks.readRules()),
        factors,
      };
    },

    startTotp: (user: SessionUser): Promise<TotpSetup> => checks.totpSetupFor(user),

    /** Turns the app on: the account's other sessions end (whoever else is in must now pass the app). */
    async confirmTotp(user: SessionUser & { sessionId: string }, code: string): Promise<string[]> {
      const codes = await checks.withTries(checks.accountTries(user.id), () =>
        checks.confirmTotpFor(user.id, code),
      );
      await checks.factorChanged('app-on', user, user.sessionId);
      return codes;
    },

    async renewBackupCodes(user: SessionUser, password: string): Promise<string[]> {
      await checks.checkPasswordOf(user.id, password);
      if (!(await hasApp(user.id))) throw conflict(T.notOn);
      const codes = newBackupCodes();
      await repo.replaceBackupCodes(user.id, codes.hashes);
      await checks.factorChanged('codes-renewed', user, null);
      return codes.shown;
    },

    async disableTotp(user: SessionUser, password: string, code: string): Promise<void> {
      await checks.checkPasswordOf(user.id, password);
      const removal = appRemoval(
        await checks.secondFactorsOf(user.id),
        isRequired(user, await checks.readRules()),
      );
      if (removal === 'not-on') throw conflict(T.notOn);
      if (removal === 'required') {
        throw conflict(
          'Tu comunidad exige la verificación en dos pasos para tu cuenta: no puedes desactivarla.',
        );
      }
      await confirmCode(user.id, code);
      await repo.write((tx) => repo.removeFactors(tx, user.id));
      await checks.factorChanged('app-off', user, null);
    },

    /**
     * Sudo mode's check: the current password, and a code where the account has the app (a passkey-only
     * account confirms with its password). The caller marks the session confirmed.
     */
    async confirmIdentity(user: SessionUser, password: string, code: string | undefined): Promise<void> {
      await checks.checkPasswordOf(user.id, password);
      if (await hasApp(user.id)) {
        if (!code) throw badRequest(T.invalidCode, 'code');
        await confirmCode(user.id, code);
      }
    },

    /** Whether a sensitive action must also ask this account for a code (it has the app on). */
    codeRequired: hasApp,

    /** A code of the app or a backup code for a sensitive action, where the account has the app. */
    async confirmCode(userId: number, code: string | undefined): Promise<void> {
      if (!(await hasApp(userId))) return;
      if (!code) throw badRequest(T.invalidCode, 'code');
      await confirmCode(userId, code);
    },
  };
}
