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
if (container.hasAttribute('data-prerendered') && !useSession.getState().isAuthenticated) {
  // A signed-out page the server sent already drawn (prerender.tsx): hydrated once its screen's chunk is here, so
  // that the first render is the page on view. A saved session draws something else (a redirect), so it renders.
  void screenLoaded.then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
