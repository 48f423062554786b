/** What the data-archive module offers the app. */
export { createDataArchiveRepo } from './repo';
export { dataArchiveRoutes } from './routes';
export { createDataArchiveService } from './service';
/** The erasure of an account covers its archives. */
export { dataArchives } from './schema';
