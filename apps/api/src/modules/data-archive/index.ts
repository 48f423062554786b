/** What the data-archive module offers the app. */
export { createDataArchiveRepo } from './repo';
export { dataArchiveRoutes } from './routes';
export { createDataArchiveService } from './service';
