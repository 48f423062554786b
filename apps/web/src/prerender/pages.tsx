import type { PrerenderSession } from '@app/contracts';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { documentTitle, preloadScreens } from '@/app/router';
import { PRERENDER_SESSION_STATES, useSession } from '@/lib/session-store';

/**
 * The pages the build prerenders (./build.mjs), so that their content shows as soon as the HTML and its styles
 * arrive, before any script has run:
 * - the signed-out screens, the same for everyone: the app hydrates them;
 * - the dashboard's frame for a member the page does not know yet: its fixed texts where they will stand, the
 *   name and the tools still loading. The app hydrates it, then shows the member (see SessionView).
 * `modules` are the lazily loaded modules its first render uses: its screen, and for a member the session's
 * requests, which the frame makes once hydrated (the public settings come with the page). The page links their
 * scripts and styles, so the app finds them loading already.
 */
export const PRERENDERED_PAGES: Record<string, { modules: string[]; session: PrerenderSession }> = {
  '/login': { modules: ['src/features/auth/login-page.tsx'], session: 'signed-out' },
  '/auth': { modules: ['src/features/auth/login-page.tsx'], session: 'signed-out' },
  '/register': { modules: ['src/features/accounts/register-page.tsx'], session: 'signed-out' },
  '/dashboard': {
    modules: ['src/features/dashboard/dashboard-page.tsx', 'src/lib/session-calls.ts'],
    session: 'signed-in',
  },
};

/** The page's markup inside #root and its tab title, as the first render for its session renders them. */
export async function render(pathname: string): Promise<{ html: string; title: string }> {
  const page = PRERENDERED_PAGES[pathname];
  if (!page) throw new Error(`${pathname} is not a prerendered page`);
  useSession.setState(PRERENDER_SESSION_STATES[page.session]);
  await preloadScreens({ pathname });
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={pathname}>{children}</StaticRouter>
  );
  // Waits for every lazy part, so the page is rendered whole.
  const { prelude } = await prerender(<App router={router} />);
  return { html: await new Response(prelude).text(), title: documentTitle({ pathname }) };
}
