import { z } from 'zod';

const DEFAULT_TARGET = '/dashboard';
const LOGIN_PATHS = new Set(['/login', '/auth']);

/** The route guard leaves the location the visitor wanted in `state.from` (a react-router Location). */
const FromState = z.object({
  from: z.object({
    pathname: z.string().startsWith('/'),
    search: z.string().optional(),
    hash: z.string().optional(),
  }),
});

/** Where to go after signing in: back to the page that asked for a session, else the dashboard. */
export const redirectTarget = (state: unknown): string => {
  const parsed = FromState.safeParse(state);
  if (!parsed.success) return DEFAULT_TARGET;
  const { pathname, search = '', hash = '' } = parsed.data.from;
  // Protocol-relative ("//host") targets would leave the site; login pages would loop.
  if (pathname.startsWith('//') || LOGIN_PATHS.has(pathname)) return DEFAULT_TARGET;
  return `${pathname}${search}${hash}`;
};
