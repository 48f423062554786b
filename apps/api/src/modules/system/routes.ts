import { health, publicConfig, type Community, type PublicConfig } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { access, route } from '../../plugins/authz';

/** The community's name and logo as the community module reads them. */
export type ReadCommunity = () => Promise<Community>;

export function systemRoutes(app: FastifyInstance, config: Config, community: ReadCommunity): void {
  route(app, health, access.public, () => ({ status: 'ok' as const }));

  route(app, publicConfig, access.public, () => publicConfigOf(config, community));
}

/** The settings every browser may see; the served pages carry them too (plugins/web.ts). */
export const publicConfigOf = async (config: Config, community: ReadCommunity): Promise<PublicConfig> => {
  const { name, logo_url } = await community();
  return {
    membershipPlansUrl: config.membershipPlansUrl ?? null,
    billingEnabled: config.stripe.secretKey !== undefined,
    timeZone: config.timeZone,
    communityName: name,
    communityLogoUrl: logo_url,
  };
};
