import { LIBRARY_API, type LibraryName } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { LibraryService } from './service';

/**
 * The routes of one library. Registered once per library: reading needs that library's own tool permission,
 * every change needs the administrator role.
 */
export function libraryRoutes(app: FastifyInstance, library: LibraryName, service: LibraryService): void {
  const api = LIBRARY_API[library];
  const member = access.tool(library);

  route(app, api.listCategories, member, () => service.listCategories());
  route(app, api.listVideos, member, ({ query, user }) => service.listVideos(query, user.id));
  route(app, api.progress, member, ({ user }) => service.progress(user.id));
  route(app, api.setWatched, member, ({ params, body, user }) =>
    service.setWatched(params.id, body.visto, user.id),
  );
  route(app, api.recordOpened, member, ({ params, user }) => service.recordOpened(params.id, user.id));
  route(app, api.continueWatching, member, ({ user }) => service.continueWatching(user.id));

  route(app, api.createCategory, access.admin, ({ body, user }) =>
    service.createCategory(body, actorOf(user)),
  );
  route(app, api.updateCategory, access.admin, ({ params, body, user }) =>
    service.updateCategory(params.id, body, actorOf(user)),
  );
  route(app, api.deleteCategory, access.admin, async ({ params, user }) => ({
    ok: true as const,
    ...(await service.deleteCategory(params.id, actorOf(user))),
  }));
  route(app, api.createVideo, access.admin, ({ body, user }) =>
    service.createVideo(body, user.id, actorOf(user)),
  );
  route(app, api.updateVideo, access.admin, ({ params, body, user }) =>
    service.updateVideo(params.id, body, user.id, actorOf(user)),
  );
  route(app, api.deleteVideo, access.admin, async ({ params, user }) => {
    await service.deleteVideo(params.id, user.id, actorOf(user));
    return { ok: true as const };
  });
  route(app, api.moveVideo, access.admin, async ({ params, body, user }) => {
    await service.moveVideo(params.id, body.direction, user.id, actorOf(user));
    return { ok: true as const };
  });
}
