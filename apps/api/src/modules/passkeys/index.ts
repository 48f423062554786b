/** What the passkeys module offers the app and the other modules. */
export { passkeysModule } from './register';
/** Two-step sign-in counts passkeys as second factors: how many, their reset, and who has none. */
export { countPasskeys, removePasskeys, withoutPasskey } from './member-reads';
