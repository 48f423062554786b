/** What the erasure module offers: the member's own erasure, and the erasure any account deletion runs. */
export { accountErasedByAdminEmail } from './emails';
export { newPseudonym } from './pseudonym';
export { createAccountEraser, type AccountEraser } from './repo';
export { erasureModule } from './register';
