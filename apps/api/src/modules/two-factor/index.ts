/** What the two-factor module offers: the second step of sign-in, the account's factors, the rules. */
export { createTwoFactorRepo, forgetDevicesOfSessions } from './repo';
export { createSignInGate, twoFactorRoutes, type SignInGate } from './routes';
export { createTwoFactorService, resetTwoFactor, seedTwoFactorRules, type TwoFactorService } from './service';
/** The erasure of an account and its data archive cover its factors, sign-in steps and remembered devices. */
export { backupCodes, loginChallenges, totpFactors, trustedDevices } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { twoFactorPersonalData } from './personal-data';
