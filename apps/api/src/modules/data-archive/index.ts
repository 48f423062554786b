/** What the data-archive module offers the app. */
export { createDataArchiveRepo } from './repo';
export { dataArchiveRoutes } from './routes';
export { createDataArchiveService, type DataArchiveService } from './service';
/** The schema-walking coverage test reads which tables the archive holds. */
export { ARCHIVE_PARTS } from './parts';
