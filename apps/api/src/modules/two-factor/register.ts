import type { Mailer } from '../../integrations/mailer';
import type { RateLimits } from '../../lib/rate-limits';
import type { SecretBox } from '../../lib/secret-box';
import type { SessionRepo } from '../auth';
import type { HistoryRecorder } from '../history';
import { defineModule, type BaseContext } from '../registration';
import { twoFactorPersonalData } from './personal-data';
import { createTwoFactorRepo } from './repo';
import { createSignInGate, twoFactorRoutes } from './routes';
import { seedTwoFactorRules } from './rules';
import { createTwoFactorService } from './service';

interface TwoFactorContext extends BaseContext {
  limits: RateLimits;
  sessionRepo: SessionRepo;
  history: HistoryRecorder;
  mailer: Mailer;
  secrets: SecretBox;
  /** Checks a passkey offered as the second step (the passkeys module). */
  verifyPasskey: Parameters<typeof twoFactorRoutes>[3];
}

/**
 * The second step of sign-in, the account's factors and the community's rules. Gives the sign-in gate every
 * way in passes through, the service, and whether an account has an authenticator app.
 */
export const twoFactorModule = defineModule({
  name: 'two-factor',
  personalData: twoFactorPersonalData,
  open: async ({ config, db, secrets }) => {
    const repo = createTwoFactorRepo(db, secrets);
    await repo.resealSecrets();
    await seedTwoFactorRules(repo, config.requireAdmin2faOnNewInstall);
  },
  register: (context: TwoFactorContext) => {
    const { app, config, db, clock, limits, sessionRepo, history, mailer, secrets } = context;
    const repo = createTwoFactorRepo(db, secrets);
    const service = createTwoFactorService({
      repo,
      clock,
      mailer,
      mailConfigured: config.mail.smtpUrl !== undefined,
      log: app.log,
      history,
      limits,
      publicUrl: context.publicUrl,
      loadSessionUser: (email) => sessionRepo.findUserForLogin(email),
    });
    for (const warning of service.startupWarnings()) app.log.warn({ twoFactor: 'mail' }, warning);
    const gate = createSignInGate(app, service, config.appUrl?.startsWith('https://') ?? false);
    twoFactorRoutes(app, service, gate, context.verifyPasskey);
    return {
      service,
      gate,
      hasAuthenticatorApp: async (userId: number) => !!(await repo.findTotp(userId))?.confirmed_at,
    };
  },
});
