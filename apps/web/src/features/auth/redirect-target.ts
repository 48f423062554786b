const DEFAULT_TARGET = '/dashboard';
const LOGIN_PATHS = new Set(['/login', '/auth']);

/**
 * The location the route guard left in `state.from` (a react-router Location), when the state holds one. Checked
 * by hand, not with a zod schema: the login page is hydrated at once, and zod loads with the first call instead.
 */
const fromLocation = (state: unknown): { pathname: string; search: string; hash: string } | null => {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
  const valid =
    typeof pathname === 'string' &&
    pathname.startsWith('/') &&
    typeof search === 'string' &&
    typeof hash === 'string';
  return valid ? { pathname, search, hash } : null;
};

/** Where to go after signing in: back to the page that asked for a session, else the dashboard. */
export const redirectTarget = (state: unknown): string => {
  const from = fromLocation(state);
  if (from === null) return DEFAULT_TARGET;
  const { pathname, search, hash } = from;
  // Protocol-relative ("//host") targets would leave the site; login pages would loop.
  if (pathname.startsWith('//') || LOGIN_PATHS.has(pathname)) return DEFAULT_TARGET;
  return `${pathname}${search}${hash}`;
};
