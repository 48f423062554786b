import { StrictMode, type ReactNode } from 'react';
import type { SessionState } from '@/lib/session-store';
import { Providers } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app inside the router it is given: BrowserRouter in the browser (main.tsx), StaticRouter when the
 * build prerenders its pages (prerender/pages.tsx). Both render this same tree, so the browser hydrates the
 * page it was sent.
 */
export function App({
  router: Router,
  session,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  /** The session state the page to hydrate was prerendered with, if not the stored one (see Providers). */
  session?: Partial<SessionState>;
}) {
  return (
    <StrictMode>
      <Providers session={session}>
        <Router>
          <AppRoutes />
        </Router>
      </Providers>
    </StrictMode>
  );
}
