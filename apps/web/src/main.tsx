import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadScreens } from '@/app/router';
import { useSession } from '@/lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const screenLoaded = preloadScreens(window.location);

// A session restored from local storage is confirmed with the server before permissions count.
void useSession.getState().confirm();

const app = <App router={BrowserRouter} />;

// Both as transitions: React renders (or hydrates) in slices of a few milliseconds, so the page stays responsive
// while the first screen is built (one render of 550 ms on Lighthouse's mobile CPU became many short tasks).
const render = () => {
  const root = createRoot(container);
  startTransition(() => root.render(app));
};

// A page the server sent already drawn (src/prerender.tsx) is taken over once its screen's chunk is here, so the
// first render is the screen itself, not the loading skeleton. A signed-out page seen signed out is hydrated; any
// other (the dashboard's frame, or a signed-out page with a saved session, which redirects) is drawn anew.
const drawnFor = container.dataset.prerendered;
if (drawnFor === undefined) render();
else
  void screenLoaded.then(() => {
    if (drawnFor === 'signed-out' && !useSession.getState().isAuthenticated)
      startTransition(() => void hydrateRoot(container, app));
    else render();
  });
