import type { RateLimits } from '../../lib/rate-limits';
import { defineModule, type BaseContext } from '../registration';
import { authPersonalData } from './personal-data';
import type { SessionRepo } from './repo';
import { authRoutes, type AfterPasswordGate } from './routes';
import { createAuthService } from './service';

interface AuthContext extends BaseContext {
  limits: RateLimits;
  sessionRepo: SessionRepo;
  /** What follows a right password: the second step, or the session (the two-factor module). */
  afterPassword: AfterPasswordGate;
}

/** Sign-in with a password, sign-out, and the known devices a sign-in is told about. */
export const authModule = defineModule({
  name: 'auth',
  personalData: authPersonalData,
  register: ({ app, limits, sessionRepo, afterPassword }: AuthContext) =>
    authRoutes(app, createAuthService({ repo: sessionRepo, limits }), afterPassword),
});
