import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('system');

export const health = endpoint({
  summary: 'Comprueba que el servidor responde',
  method: 'GET',
  path: '/api/health',
  response: z.strictObject({ status: z.literal('ok') }),
});

/** Settings the browser may know (never a secret). */
export const PublicConfig = z.strictObject({
  membershipPlansUrl: z.string().nullable(),
  /** True when paid plans run through the app (/planes) instead of MEMBERSHIP_PLANS_URL. */
  billingEnabled: z.boolean(),
  /** IANA zone in which the web shows every date, admin tables and members' screens alike (TIME_ZONE). */
  timeZone: z.string(),
  /** The community's name (/config, "Comunidad"); null: the app's defaults ("Inicio", the tab's title). */
  communityName: z.string().nullable(),
  /** The community's logo, a versioned address; null: the cup. */
  communityLogoUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const publicConfig = endpoint({
  summary: 'Devuelve la configuración pública',
  method: 'GET',
  path: '/api/public-config',
  response: PublicConfig,
});
