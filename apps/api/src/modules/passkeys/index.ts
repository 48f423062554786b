/** What the passkeys module offers the app and the other modules. */
export { createPasskeysRepo } from './repo';
export { relyingPartyOf } from './relying-party';
export { passkeysRoutes } from './routes';
export { createPasskeysService, type PasskeysService } from './service';
/** The erasure of an account and its data archive cover the member's passkeys and pending challenges. */
export { passkeys, webauthnChallenges } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { passkeysPersonalData } from './personal-data';
