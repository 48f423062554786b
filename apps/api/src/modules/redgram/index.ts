/** What the RedGram module offers the app. */
export { createRedgramRepo } from './repo';
export { redgramRoutes } from './routes';
export { createRedgramService } from './service';
