import { health, publicConfig, type PublicConfig } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { access, route } from '../../plugins/authz';

export function systemRoutes(app: FastifyInstance, config: Config): void {
  route(app, health, access.public, () => ({ status: 'ok' as const }));

  route(app, publicConfig, access.public, () => publicConfigOf(config));
}

/** The settings every browser may see; the served pages carry them too (plugins/web.ts). */
export const publicConfigOf = (config: Config): PublicConfig => ({
  membershipPlansUrl: config.membershipPlansUrl ?? null,
  billingEnabled: config.stripe.secretKey !== undefined,
  timeZone: config.timeZone,
});
