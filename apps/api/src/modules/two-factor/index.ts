/** What the two-factor module offers: the second step of sign-in, the account's factors, the rules. */
export { createTwoFactorRepo, forgetDevicesOfSessions } from './repo';
export { twoFactorModule } from './register';
export { resetTwoFactor } from './service';
