/** What the data-archive module offers the app. */
export { createDataArchiveRepo } from './repo';
export { dataArchiveRoutes } from './routes';
export { createDataArchiveService } from './service';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { dataArchivePersonalData } from './personal-data';
