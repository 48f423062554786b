/** What the community module offers the app: its routes, and the name and logo every page carries. */
export { type CommunityService } from './service';
export { communityModule } from './register';
