/** What the progress reports offer the app. */
export { createReportsRepo } from './repo';
export { reportsRoutes } from './routes';
export { createReportsService } from './service';
