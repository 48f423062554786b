import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('system');

export const health = endpoint({
  summary: 'Comprueba que el servidor responde',
  method: 'GET',
  path: '/api/health',
  response: z.object({ status: z.literal('ok') }),
});

/** Settings the browser may know (never a secret). */
export const PublicConfig = z.object({
  membershipPlansUrl: z.string().nullable(),
  /** IANA zone in which admin tables show dates (TIME_ZONE). */
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const publicConfig = endpoint({
  summary: 'Devuelve la configuración pública',
  method: 'GET',
  path: '/api/public-config',
  response: PublicConfig,
});
