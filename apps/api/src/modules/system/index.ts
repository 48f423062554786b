/** What the system module offers the app. */
export { systemRoutes } from './routes';
