import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('sessions');

export const SESSION_MESSAGES = {
  notFound: 'Esa sesión ya no está abierta.',
  ended: 'Sesión cerrada.',
  othersEnded: 'Se han cerrado las demás sesiones.',
} as const;

/**
 * An open session of the account, as /perfil lists it. `id` is a public handle (not the session's secret id);
 * `ip` is the address as the server saw it: no place is looked up. Times are ISO instants.
 */
export const AccountSession = z.strictObject({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionList = z.strictObject({ sessions: z.array(AccountSession) });

export const SessionParams = z.strictObject({
  id: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'La solicitud no es válida'),
});

export const listSessions = endpoint({
  summary: 'Lista las sesiones abiertas de la cuenta',
  method: 'GET',
  path: '/api/account/sessions',
  response: AccountSessionList,
});

export const endSession = endpoint({
  summary: 'Cierra una sesión de la cuenta',
  method: 'DELETE',
  path: '/api/account/sessions/:id',
  params: SessionParams,
  response: z.strictObject({ ok: z.literal(true), current: z.boolean() }),
});

export const endOtherSessions = endpoint({
  summary: 'Cierra todas las sesiones de la cuenta menos esta',
  method: 'POST',
  path: '/api/account/sessions/end-others',
  response: z.strictObject({ ended: z.number().int() }),
});
