/** What the sign-in module offers the app and the other modules. */
export { createSessionRepo, type SessionRepo } from './repo';
export { authRoutes } from './routes';
export { createAuthService, normalizeEmail } from './service';
/** The erasure of an account covers this table. */
export { knownDevices } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { authPersonalData } from './personal-data';
