/** What the accounts module offers the app and the other modules. */
export {
  assertSomeoneAdministers,
  countActiveConfigUsers,
  createAccessRepo,
  endAllSessions,
  insertMember,
  setActive,
  type AccessRepo,
  type MemberAccount,
  type NewMember,
} from './access';
export { createAccountsRepo, usernameInUse, type AccountsRepo } from './repo';
export { moveEpoch, type EpochEvent } from './epoch';
export { accountsModule } from './register';
export {
  dueErasures,
  insertPasswordLinks,
  scheduledErasure,
  scheduleErasure,
  unscheduleErasure,
} from './erasure-schedule';
export { hashToken } from './service';
export { passwordSetupEmail } from './setup-email';
export { newSetupLink, passwordLinkUrl } from './setup-link';
