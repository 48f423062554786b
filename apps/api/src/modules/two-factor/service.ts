import { MESSAGES } from '@app/contracts';
import { notFound } from '../../lib/errors';
import { moveEpoch } from '../accounts';
import type { Actor } from '../history';
import { createAccountFactors } from './account-factors';
import { createChallenges } from './challenges';
import { createDevices } from './devices';
import { createNotices } from './notices';
import { createFactorChecks, type TwoFactorServiceDeps } from './checks';
import { resetEmail } from './emails';
import { createRulesService } from './rules';
import { createSecondStep } from './second-step';
import { createSignInSteps } from './sign-in';

export type { DeviceCookie, TwoFactorServiceDeps } from './checks';

/**
 * Removes a member's second factors (a lost phone): the member signs in with the password alone again, Historial
 * records who did it, and the member is emailed. From Configuración (`by: 'admin'`) or the server's command line.
 */
export async function resetTwoFactor(
  deps: Pick<TwoFactorServiceDeps, 'repo' | 'history' | 'mailer' | 'log' | 'publicUrl'>,
  actor: Actor,
  userId: number,
  by: 'admin' | 'server',
): Promise<void> {
  const { repo } = deps;
  const account = await repo.findAccount(userId);
  if (!account) throw notFound(MESSAGES.notFound);
  await repo.write(async (tx) => {
    await repo.removeFactors(tx, userId);
    await repo.removePasskeys(tx, userId);
    // Whoever held the lost phone signed in under the old factors: everything they were issued ends.
    await moveEpoch(tx, [userId], 'factors_reset');
    await deps.history.recordAction(actor, {
      kind: 'user.two_factor_reset',
      entity_type: 'user',
      entity_id: userId,
      label: account.username,
    });
  });
  const notices = createNotices(deps);
  await notices.notify(resetEmail(account, by, notices.securityLink()));
}

/**
 * Two-step sign-in: its rules are decisions from facts (decide.ts); the parts here read the facts, ask them
 * and act: the sign-in's second step, the answer to it, a member's own factors, the community's rules.
 */
export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const checks = createFactorChecks(deps);
  const challenges = createChallenges(deps);
  const devices = createDevices(deps, checks);
  return {
    secondFactorsOf: (userId: number) => checks.secondFactorsOf(userId),
    ...createSignInSteps(deps, checks, challenges, devices),
    ...devices,
    ...createSecondStep(deps, checks, challenges),
    ...createAccountFactors(deps, checks),
    ...createRulesService(deps, checks),

    /** Warnings for the log at start-up. */
    startupWarnings(): string[] {
      return deps.mailConfigured
        ? []
        : [
            'SMTP_URL no está configurado: los administradores que inicien sesión desde un dispositivo nuevo no recibirán un código por correo.',
          ];
    },

    resetUser: (actor: Actor, userId: number, by: 'admin' | 'server'): Promise<void> =>
      resetTwoFactor(deps, actor, userId, by),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
