/** What the erasure module offers: the member's own erasure, and the erasure any account deletion runs. */
export { accountErasedByAdminEmail } from './emails';
export { newPseudonym } from './pseudonym';
export { createErasureRepo, eraseAccount, eraseAccounts } from './repo';
export { erasureRoutes } from './routes';
export { createErasureService } from './service';
