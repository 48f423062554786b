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
  /**
   * The role's name as its administrator wrote it, for showing; `role` is the same name in lower case, as the
   * spec's session keeps it. Optional: a session saved by an earlier version lacks it.
   */
  role_label: z.string().optional(),
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

/**
 * The second factors an account can prove itself with after its password. The server computes the list in one
 * place; 'passkey' is offered by the passkeys feature.
 */
export const SECOND_FACTORS = ['totp', 'backup', 'email', 'passkey'] as const;
export const SecondFactor = z.enum(SECOND_FACTORS);
export type SecondFactor = z.infer<typeof SecondFactor>;

/**
 * The login's answer when the password was right but the account owes a second step: no session yet, only a
 * short-lived cookie good for the second-step routes. `setup_required`: the community requires a second factor
 * and the account has none, so it sets one up before anything else (after the email code, when one is asked).
 */
export const SecondStep = z.strictObject({
  second_step: z.strictObject({
    factors: z.array(SecondFactor),
    setup_required: z.boolean(),
    /** Where the email code went, partly hidden (a***@example.com); null when none was sent. */
    email_sent_to: z.string().nullable(),
    expires_at: z.string(),
  }),
});
export type SecondStep = z.infer<typeof SecondStep>;

/** Signed in (the user), or a second step to take first. */
export const LoginAnswer = z.union([SessionUser, SecondStep]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const isSecondStep = (answer: LoginAnswer): answer is SecondStep => 'second_step' in answer;

export const login = endpoint({
  summary: 'Inicia sesión',
  method: 'POST',
  path: '/api/auth/login',
  body: LoginBody,
  response: LoginAnswer,
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
