/** What the settings module offers: the members list's filter is shared with the members export. */
export { createSettingsRepo } from './repo';
export { settingsRoutes } from './routes';
export { createSettingsService } from './service';
export { userFilter, type UserFilter } from './user-list-repo';
