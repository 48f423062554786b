/**
 * What a member meets of Comunicados (and Estadísticas' figures): one chunk, loaded after the first screen,
 * so the app's shell names one file for all of them.
 */
export { AnnouncementFigures } from './announcement-figures';
export { AnnouncementPage } from './announcement-page';
export { DashboardAnnouncements } from './dashboard-announcements';
export { MemberAnnouncementsPage } from './member-announcements-page';
export { UnsubscribePage } from './unsubscribe-page';
