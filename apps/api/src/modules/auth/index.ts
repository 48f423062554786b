/** What the sign-in module offers the app and the other modules. */
export { createSessionRepo, type SessionRepo } from './repo';
export { authRoutes } from './routes';
export { createAuthService, newDeviceId, normalizeEmail } from './service';
