/** What the two-factor module offers: the second step of sign-in, the account's factors, the rules. */
export { createTwoFactorRepo, forgetDevicesOfSessions } from './repo';
export { twoFactorModule } from './register';
export { resetTwoFactor, seedTwoFactorRules } from './service';
/** The erasure of an account and its data archive cover its factors, sign-in steps and remembered devices. */
export { backupCodes, loginChallenges, totpFactors, trustedDevices } from './schema';
