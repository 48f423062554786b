import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from '@/app/providers';
import { AppRoutes, preloadScreens } from '@/app/router';
import { useSession } from '@/lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

preloadScreens(window.location);

// A session restored from local storage is confirmed with the server before permissions count.
void useSession.getState().confirm();

const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds, so the page stays responsive
// while the first screen is built (one render of 550 ms on Lighthouse's mobile CPU became many short tasks).
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
