import { z } from 'zod';
import { endpointsOf, OkResponse, ID_MAX } from './http';
import { MESSAGES } from './messages';
import { TOOL_NAMES } from './tools';

const endpoint = endpointsOf('auth');

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;
export const PASSWORD_MIN = 6;

/** Login payload. Email matching ignores case and surrounding spaces; the server normalises it. */
export const LoginBody = z.strictObject({
  email: z
    .string({ error: MESSAGES.fillAllFields })
    .trim()
    .min(1, MESSAGES.fillAllFields)
    .max(EMAIL_MAX, 'El correo electrónico es demasiado largo'),
  password: z
    .string({ error: MESSAGES.fillAllFields })
    .min(1, MESSAGES.fillAllFields)
    .max(PASSWORD_MAX, 'La contraseña es demasiado larga'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The signed-in user as the browser knows it (and mirrors in local storage under `userSession`). */
export const SessionUser = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().min(1),
  role_id: z.number().int().positive().max(ID_MAX),
  permissions: z.array(z.enum(TOOL_NAMES)),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * Who a prerendered page is rendered for. The server sends a 'signed-in' page only to a browser that holds a
 * session cookie; the app hydrates each page with the session state it was rendered with.
 */
export const PRERENDER_SESSIONS = ['signed-out', 'signed-in'] as const;
export type PrerenderSession = (typeof PRERENDER_SESSIONS)[number];

/** The web build's list of prerendered pages (dist/.vite/prerendered.json), by path. */
export const PrerenderedPages = z.record(
  z.string(),
  z.strictObject({ file: z.string(), session: z.enum(PRERENDER_SESSIONS) }),
);
export type PrerenderedPages = z.infer<typeof PrerenderedPages>;

export const login = endpoint({
  summary: 'Inicia sesión',
  method: 'POST',
  path: '/api/auth/login',
  body: LoginBody,
  response: SessionUser,
});

export const logout = endpoint({
  summary: 'Cierra la sesión',
  method: 'POST',
  path: '/api/auth/logout',
  response: OkResponse,
});

export const me = endpoint({
  summary: 'Devuelve el usuario de la sesión',
  method: 'GET',
  path: '/api/auth/me',
  response: SessionUser,
});
