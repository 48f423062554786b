/** What the community module offers the app: its routes, and the name and logo every page carries. */
export { createCommunityRepo } from './repo';
export { communityRoutes } from './routes';
export { createCommunityService, type CommunityService } from './service';
export { createOverviewRepo } from './overview-repo';
export { createOverviewService } from './overview';
