/** What the accounts module offers the app and the other modules. */
export { createAccountsRepo, endResetLinks, usernameInUse, type AccountsRepo } from './repo';
export { accountsRoutes } from './routes';
export { passwordResetTokens } from './schema';
export { createAccountsService, hashToken } from './service';
export { newSetupLink, passwordLinkUrl } from './setup-link';
