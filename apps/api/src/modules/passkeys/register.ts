import type { Mailer } from '../../integrations/mailer';
import type { RateLimits } from '../../lib/rate-limits';
import type { SessionRepo } from '../auth';
import { defineModule, type BaseContext } from '../registration';
import { passkeysPersonalData } from './personal-data';
import { relyingPartyOf } from './relying-party';
import { createPasskeysRepo } from './repo';
import { passkeysRoutes, type OpenPasskeySession } from './routes';
import { createPasskeysService } from './service';

/** The name passkeys are saved under in the member's password manager (the app's title). */
const PASSKEY_RP_NAME = 'Comunidad - Herramientas';

interface PasskeysContext extends BaseContext {
  limits: RateLimits;
  sessionRepo: SessionRepo;
  mailer: Mailer;
  /** Opens the session of a sign-in with a passkey, a finished second step (the two-factor module's gate). */
  openSession: OpenPasskeySession;
}

/**
 * Passkeys: managed in Seguridad, and a way in (without a password, or as a sign-in's second step). Gives the
 * check of a passkey that the two-factor module's second step uses, and the account's passkeys.
 */
export const passkeysModule = defineModule({
  name: 'passkeys',
  personalData: passkeysPersonalData,
  register: ({ app, db, clock, limits, sessionRepo, mailer, publicUrl, openSession }: PasskeysContext) => {
    const repo = createPasskeysRepo(db);
    const passkeys = createPasskeysService({
      repo,
      clock,
      relyingParty: () => relyingPartyOf(publicUrl(), PASSKEY_RP_NAME),
      loadAccount: (userId) => sessionRepo.findUserById(userId),
      loadPasswordHash: async (email) => (await sessionRepo.findUserForLogin(email))?.password_hash,
      limits,
      mailer,
      publicUrl,
      log: app.log,
    });
    passkeysRoutes(app, passkeys, openSession);
    return {
      verify: (...args: Parameters<typeof passkeys.verify>) => passkeys.verify(...args),
      /** The account's passkeys, and their removal (a password reset offers it). */
      ofAccount: {
        list: async (userId: number) =>
          (await repo.list(userId)).map(({ name, created_at }) => ({ name, created_at })),
        removeAll: (userId: number) => repo.removeAll(userId),
      },
    };
  },
});
