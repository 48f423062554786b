import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadScreens } from '@/app/router';
import { DRAWN_MEMBER_SESSION, useSession } from '@/lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// In the next task: this one, which evaluates the app's modules, is long enough on a phone.
const screenLoaded = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
  preloadScreens(window.location),
);

// A session restored from local storage is confirmed with the server before permissions count (in a task of its own
// too).
setTimeout(() => void useSession.getState().confirm(), 0);

const app = <App router={BrowserRouter} />;

// Both as transitions: React renders (or hydrates) in slices of a few milliseconds, so the page stays responsive
// while the first screen is built (one render of 550 ms on Lighthouse's mobile CPU became many short tasks).
const render = () => {
  const root = createRoot(container);
  startTransition(() => root.render(app));
};

// A page the server sent already drawn (src/prerender.tsx) is hydrated once its screen's chunk is here, so the first
// render is the screen itself, not the loading skeleton: a signed-out page seen signed out as it is, the dashboard's
// frame seen with a saved session as drawn (for a member not known yet), which then shows the member. Any other
// (a signed-out page with a saved session, which redirects; the frame without one) is drawn anew.
const drawnFor = container.dataset.prerendered;
if (drawnFor === undefined) render();
else
  void screenLoaded.then(() => {
    const signedIn = useSession.getState().isAuthenticated;
    if (drawnFor === 'signed-out' && !signedIn) startTransition(() => void hydrateRoot(container, app));
    else if (drawnFor === 'signed-in' && signedIn)
      startTransition(
        () => void hydrateRoot(container, <App router={BrowserRouter} session={DRAWN_MEMBER_SESSION} />),
      );
    else render();
  });
