/** What the text tools module offers the app. */
export { createTextoRepo } from './repo';
export { textoRoutes } from './routes';
export { createTextoService } from './service';
