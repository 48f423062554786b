import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadScreens } from '@/app/router';
import { nextTask } from '@/lib/next-task';
import { DRAWN_SESSIONS, useSession, type Visitor } from '@/lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// Each in a task of its own: this one, which evaluates the app's modules, is long enough on a phone.
const screenLoaded = nextTask().then(() => preloadScreens(window.location));

// A session restored from local storage is confirmed with the server before permissions count.
void nextTask().then(() => useSession.getState().confirm());

const app = <App router={BrowserRouter} />;

// Both as transitions: React renders (or hydrates) in slices of a few milliseconds, so the page stays responsive
// while the first screen is built (one render of 550 ms on Lighthouse's mobile CPU became many short tasks).
const render = () => {
  const root = createRoot(container);
  startTransition(() => root.render(app));
};

// A page the server sent already drawn (src/prerender.tsx) is hydrated once its screen's chunk is here, so the first
// render is the screen itself, not the loading skeleton. It is hydrated with the session it was drawn with
// (DRAWN_SESSIONS) when the browser's own agrees on who is there: a signed-out page seen signed out as it is, the
// dashboard's frame seen with a saved session as drawn for a member not known yet, which then shows the member. Any
// other (a signed-out page with a saved session, which redirects; the frame without one) is drawn anew.
const drawnFor = container.dataset.prerendered as Visitor | undefined;
if (drawnFor === undefined) render();
else
  void screenLoaded.then(() => {
    const session = DRAWN_SESSIONS[drawnFor];
    if (useSession.getState().isAuthenticated === session.isAuthenticated)
      startTransition(() => void hydrateRoot(container, <App router={BrowserRouter} session={session} />));
    else render();
  });
