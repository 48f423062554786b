import { StrictMode, type ReactNode } from 'react';
import { Providers } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app inside the router it is given: BrowserRouter in the browser (main.tsx), StaticRouter when the
 * build draws the signed-out pages (prerender.tsx). Both render this same tree, so the browser hydrates the
 * page it was sent.
 */
export function App({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Providers>
        <Router>
          <AppRoutes />
        </Router>
      </Providers>
    </StrictMode>
  );
}
