import {
  communityLogo,
  deleteCommunityLogo,
  getAdminOverview,
  getCommunity,
  saveCommunityLogo,
  saveCommunityName,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { OverviewService } from './overview';
import type { CommunityService } from './service';

/** The community's name and logo are set where users and roles are: the config tool. */
const CONFIG = access.tool('config');

/** Base64 of the largest logo, plus the JSON around it. */
const LOGO_BODY_LIMIT = 1024 * 1024;

export function communityRoutes(
  app: FastifyInstance,
  service: CommunityService,
  overview: OverviewService,
): void {
  route(app, getAdminOverview, CONFIG, ({ user }) => overview.overview(user));
  route(app, getCommunity, CONFIG, () => service.get());
  route(app, saveCommunityName, CONFIG, ({ body, user }) => service.saveName(body.name, actorOf(user)));
  route(
    app,
    saveCommunityLogo,
    CONFIG,
    ({ body, user }) => service.saveLogo(body.type, body.data, actorOf(user)),
    { bodyLimit: LOGO_BODY_LIMIT },
  );
  route(app, deleteCommunityLogo, CONFIG, ({ user }) => service.removeLogo(actorOf(user)));

  // The pages ask for the logo by its version: that address never changes content, so browsers keep it.
  route(app, communityLogo, access.public, async ({ query, reply }) => {
    const logo = await service.logo();
    const current = query.v === logo.version;
    return reply
      .type(logo.type)
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', `"${logo.version}"`)
      .header('content-security-policy', "default-src 'none'")
      .send(logo.bytes) as never;
  });
}
