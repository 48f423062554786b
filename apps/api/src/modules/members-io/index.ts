/** What the members import and export offers the app and the command line. */
export { createMembersIoRepo } from './repo';
export { membersIoRoutes } from './routes';
export { createMembersIoService } from './service';
