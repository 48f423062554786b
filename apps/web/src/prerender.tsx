import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { documentTitle, preloadScreens } from '@/app/router';
import { DRAWN_SESSIONS, useSession, type Visitor } from '@/lib/session-store';

/**
 * The pages the build draws ahead of time (scripts/prerender.mjs), so that their content shows as soon as the
 * HTML and its styles arrive, before any script has run:
 * - the signed-out screens, the same for everyone: the app hydrates them;
 * - the dashboard's frame for a member the page does not know yet: its fixed texts where they will stand, the
 *   name and the tools still loading. The app hydrates it as drawn, then shows the member (see SessionView).
 * Each path lists the lazily loaded modules its first render uses (as the router and the layout import them): its
 * screen, and for a member the calls the frame makes as soon as it is hydrated (the session's and the public
 * settings'; the account menu loads when the member reaches for its button). The page links their scripts and
 * styles, so the app finds them loading already instead of adding the links itself while it renders.
 */
export const PRERENDERED_PAGES: Record<string, { modules: string[]; visitor: Visitor }> = {
  '/login': { modules: ['src/features/auth/login-page.tsx'], visitor: 'signed-out' },
  '/auth': { modules: ['src/features/auth/login-page.tsx'], visitor: 'signed-out' },
  '/register': { modules: ['src/features/accounts/register-page.tsx'], visitor: 'signed-out' },
  '/dashboard': {
    modules: [
      'src/features/dashboard/dashboard-page.tsx',
      'src/lib/session-calls.ts',
      'src/lib/public-config-call.ts',
    ],
    visitor: 'signed-in',
  },
};

/** The page's markup inside #root and its tab title, as the first render for its visitor draws them. */
export async function render(pathname: string): Promise<{ html: string; title: string }> {
  const page = PRERENDERED_PAGES[pathname];
  if (!page) throw new Error(`${pathname} is not a prerendered page`);
  useSession.setState(DRAWN_SESSIONS[page.visitor]);
  await preloadScreens({ pathname });
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={pathname}>{children}</StaticRouter>
  );
  // Waits for every lazy part, so the page is drawn whole.
  const { prelude } = await prerender(<App router={router} />);
  return { html: await new Response(prelude).text(), title: documentTitle({ pathname }) };
}
