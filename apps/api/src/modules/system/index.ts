/** What the system module offers the app. */
export { publicConfigOf, systemRoutes } from './routes';
