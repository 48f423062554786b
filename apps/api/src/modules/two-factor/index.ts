/** What the two-factor module offers: the second step of sign-in, the account's factors, the rules. */
export { createTwoFactorRepo } from './repo';
export { createSignInGate, twoFactorRoutes } from './routes';
export { createTwoFactorService, resetTwoFactor, seedTwoFactorRules, type TwoFactorService } from './service';
