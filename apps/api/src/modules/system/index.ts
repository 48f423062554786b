/** What the system module offers the app: the health check, the public settings, and the served web app. */
import { webPlugin } from '../../plugins/web';
import { defineModule, type BaseContext } from '../registration';
import { publicConfigOf, systemRoutes, type ReadCommunity } from './routes';

/**
 * The health check and the public settings, then the built web app (its pages carry the public settings). Last
 * in app.ts's list: the web app answers what no route before it does.
 */
export const systemModule = defineModule({
  name: 'system',
  register: async ({ app, config, community }: BaseContext & { community: { get: ReadCommunity } }) => {
    systemRoutes(app, config, community.get);
    await app.register(webPlugin, {
      webDistDir: config.webDistDir,
      publicConfig: () => publicConfigOf(config, community.get),
    });
  },
});
