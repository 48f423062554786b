import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { documentTitle, preloadScreens } from '@/app/router';

/**
 * The pages the build draws ahead of time (scripts/prerender.mjs): the signed-out screens, whose content does
 * not depend on who asks. The server sends them already drawn, so the login card shows as soon as the HTML and
 * its styles arrive, and the app hydrates it when its JavaScript has run.
 */
export const PRERENDERED_PAGES = {
  // Each path with the module of its screen (as the router imports it), whose chunk's styles the page links.
  '/login': 'src/features/auth/login-page.tsx',
  '/auth': 'src/features/auth/login-page.tsx',
  '/register': 'src/features/accounts/register-page.tsx',
} as const;

/** The page's markup inside #root and its tab title, as a signed-out visitor's first render draws them. */
export async function render(pathname: string): Promise<{ html: string; title: string }> {
  await preloadScreens({ pathname });
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={pathname}>{children}</StaticRouter>
  );
  return { html: renderToString(<App router={router} />), title: documentTitle({ pathname }) };
}
