import type { Mailer } from '../../integrations/mailer';
import type { RateLimits } from '../../lib/rate-limits';
import type { SessionRepo } from '../auth';
import type { Notifier } from '../notifications';
import { defineModule, type BaseContext } from '../registration';
import { accountsPersonalData } from './personal-data';
import { createAccountsRepo } from './repo';
import { accountsRoutes } from './routes';
import { createAccountsService, type AccountsServiceDeps } from './service';

interface AccountsContext extends BaseContext {
  limits: RateLimits;
  sessionRepo: SessionRepo;
  mailer: Mailer;
  notifier: Notifier;
  /** Whether the account has a confirmed authenticator app (the two-factor module). */
  hasAuthenticatorApp: AccountsServiceDeps['hasAuthenticatorApp'];
  /** The account's passkeys, and their removal (the passkeys module). */
  accountPasskeys: AccountsServiceDeps['passkeys'];
}

/** A member's own account: registration, recovery, profile. */
export const accountsModule = defineModule({
  name: 'accounts',
  personalData: accountsPersonalData,
  register: (context: AccountsContext) => {
    const { app, db, clock, sessionRepo, notifier } = context;
    accountsRoutes(
      app,
      createAccountsService({
        repo: createAccountsRepo(db),
        loadSessionUser: async (email) => (await sessionRepo.findUserForLogin(email))?.user,
        loadPasswordHash: async (email) => (await sessionRepo.findUserForLogin(email))?.password_hash,
        mailer: context.mailer,
        clock,
        publicUrl: context.publicUrl,
        log: app.log,
        limits: context.limits,
        onRegistered: (member) => void notifier.registered(member),
        hasAuthenticatorApp: context.hasAuthenticatorApp,
        passkeys: context.accountPasskeys,
      }),
    );
  },
});
