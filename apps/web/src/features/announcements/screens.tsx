/**
 * What a member meets of Comunicados (and Estadísticas' figures): one chunk, loaded after the first screen,
 * so the app's shell names one file for all of them. The dashboard's latest announcements are not here: they
 * load with the dashboard, which needs none of these screens' components.
 */
export { AnnouncementFigures } from './announcement-figures';
export { AnnouncementPage } from './announcement-page';
export { MemberAnnouncementsPage } from './member-announcements-page';
export { UnsubscribePage } from './unsubscribe-page';
