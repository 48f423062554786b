import { VIDEO_PROVIDER_TOOL, videoTools, type VideoProvider } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { VideoToolsService } from './service';

type Endpoints = (typeof videoTools)[VideoProvider];

/**
 * One provider's routes. Saving needs the tool's permission and saves for the session's user; the list, its
 * filter values and deleting are for administrators. No route reads a user id or role from the request.
 */
function providerRoutes(app: FastifyInstance, provider: VideoProvider, service: VideoToolsService): void {
  const endpoints: Endpoints = videoTools[provider];
  const tool = access.tool(VIDEO_PROVIDER_TOOL[provider]);
  route(app, endpoints.save, tool, ({ body, user }) => service.save(body.url, user.id));
  route(app, endpoints.list, access.admin, ({ query }) => service.list(query));
  route(app, endpoints.filters, access.admin, () => service.filters());
  route(app, endpoints.remove, access.admin, async ({ params }) => {
    await service.remove(params.recordId);
    return { ok: true as const };
  });
  route(app, endpoints.removeAll, access.admin, async ({ query }) => ({
    deleted: await service.removeAll(query.filter),
  }));
}

export function videoToolsRoutes(
  app: FastifyInstance,
  services: { [P in VideoProvider]: VideoToolsService<P> },
): void {
  providerRoutes(app, 'youtube', services.youtube);
  providerRoutes(app, 'instagram', services.instagram);
}
