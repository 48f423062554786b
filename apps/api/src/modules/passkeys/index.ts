/** What the passkeys module offers the app and the other modules. */
export { passkeysModule } from './register';
/** The erasure of an account and its data archive cover the member's passkeys and pending challenges. */
export { passkeys, webauthnChallenges } from './schema';
