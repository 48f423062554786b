/** What the sign-in module offers the app and the other modules. */
export { createSessionRepo, type SessionRepo } from './repo';
export { normalizeEmail } from './service';
export { authModule } from './register';
