import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long the page may keep growing above the target (lists loading) before the browser is left alone. */
const SETTLE_MS = 3000;

/**
 * Brings the element the URL's fragment names into view (/perfil#mis-datos, a link in an email). The browser's
 * own jump happens before a lazily loaded screen renders, so it finds nothing; and the sections above the target
 * still grow as their data arrives, so the target is kept in view until the page settles or the person scrolls.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id === '') return undefined;
    const bring = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
    bring();
    const observer = new ResizeObserver(bring);
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
        window.removeEventListener(event, stop);
      }
    };
    const timer = window.setTimeout(stop, SETTLE_MS);
    for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.addEventListener(event, stop, { passive: true });
    }
    return stop;
  }, [hash]);
}
