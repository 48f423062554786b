import { isAdmin, VIDEO_MESSAGES, VIDEO_PROVIDER_TOOL, videoTools, type VideoProvider } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../integrations/letter';
import { AppError } from '../../lib/errors';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
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
  route(app, endpoints.remove, access.admin, async ({ params, user }) => {
    await service.remove(params.recordId, actorOf(user));
    return { ok: true as const };
  });
  route(app, endpoints.removeAll, access.admin, async ({ query, user }) => ({
    deleted: await service.removeAll(query.filter, actorOf(user)),
  }));
  route(app, endpoints.download, tool, async ({ params, user, request, reply }) => {
    try {
      const link = await service.downloadLink(params.recordId, { id: user.id, admin: isAdmin(user) });
      return reply.redirect(link, 302) as never;
    } catch (error) {
      if (error instanceof AppError && opensAsPage(request)) return errorPage(reply, provider, error);
      throw error;
    }
  });
  route(app, endpoints.status, access.admin, () => service.serviceStatus());
}

/** "Descargar" is a link the browser opens in a tab: it asked for a page, not JSON. */
const opensAsPage = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
};

/** Why there is no download, as a short dark page in Spanish with the way back to the tool. */
function errorPage(reply: FastifyReply, provider: VideoProvider, error: AppError): FastifyReply {
  const back = `/${VIDEO_PROVIDER_TOOL[provider]}`;
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${VIDEO_MESSAGES.downloadTitle}</title>
</head>
<body>
<main>
<h1>${VIDEO_MESSAGES.downloadTitle}</h1>
<p role="alert">${escapeHtml(error.message)}</p>
<p><a href="${back}">Volver</a></p>
</main>
</body>
</html>
`;
  return reply.code(error.statusCode).headers(error.headers).type('text/html; charset=utf-8').send(html);
}

export function videoToolsRoutes(
  app: FastifyInstance,
  services: { [P in VideoProvider]: VideoToolsService<P> },
): void {
  providerRoutes(app, 'youtube', services.youtube);
  providerRoutes(app, 'instagram', services.instagram);
}
