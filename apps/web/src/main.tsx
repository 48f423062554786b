import type { PrerenderSession } from '@app/contracts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadScreens } from '@/app/router';
import { nextTask } from '@/lib/next-task';
import { PRERENDER_SESSION_STATES, useSession } from '@/lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// Each in a task of its own: this one, which evaluates the app's modules, is long enough on a phone.
const screenLoaded = nextTask().then(() => preloadScreens(window.location));

// A session restored from local storage is confirmed with the server before permissions count.
void nextTask().then(() => useSession.getState().confirm());

const app = <App router={BrowserRouter} />;

// Both as transitions: React renders (or hydrates) in short slices, so the page stays responsive while the first
// screen is built.
const render = () => {
  const root = createRoot(container);
  startTransition(() => root.render(app));
};

// A prerendered page (src/prerender/pages.tsx) is hydrated once its screen's chunk is here, so the first render is
// the screen itself, not the loading skeleton. It is hydrated with the session state it was prerendered with when
// the browser's own agrees on who is there: a signed-out page seen signed out, the dashboard's frame seen with a
// saved session (then the member shows). Otherwise (a signed-out page with a saved session, which redirects; the
// frame without one) the app renders from scratch.
const prerenderedFor = container.dataset.prerendered as PrerenderSession | undefined;
if (prerenderedFor === undefined) render();
else
  void screenLoaded.then(() => {
    const session = PRERENDER_SESSION_STATES[prerenderedFor];
    if (useSession.getState().isAuthenticated === session.isAuthenticated)
      startTransition(() => void hydrateRoot(container, <App router={BrowserRouter} session={session} />));
    else render();
  });
