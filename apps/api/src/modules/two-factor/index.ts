/** What the two-factor module offers: the second step of sign-in, the account's factors, the rules. */
export { createTwoFactorRepo, forgetDevicesOfSessions } from './repo';
export { createSignInGate, twoFactorRoutes, type SignInGate } from './routes';
export {
  createTwoFactorService,
  holdsAdministration,
  resetTwoFactor,
  seedTwoFactorRules,
  type TwoFactorService,
} from './service';
