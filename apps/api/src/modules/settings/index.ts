/** What the settings module offers: the members list's filter is shared with the members export. */
export { createSettingsRepo, type SettingsRepo } from './repo';
export { assertSomeoneAdministers } from './rules';
export { settingsRoutes } from './routes';
export { createSettingsService } from './service';
export { userFilter, type UserFilter } from './user-list-repo';
export type { StoredUser } from './users-repo';
