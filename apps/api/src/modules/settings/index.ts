/** What the settings module offers: the members list's filter is shared with the members export. */
export { settingsModule } from './register';
export { userFilter, type UserFilter } from './user-list-repo';
