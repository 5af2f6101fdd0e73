import { hasStoredSession } from './storedSession.ts';

/**
 * Why a page that is read rather than used (site-data's `appStart` is 'interaction') starts the app:
 * - 'session': a signed-in visitor (a stored Supabase session), whose navigation shows their account;
 * - 'query': the address has a query, which the prerendered HTML (built for the bare path) cannot reflect;
 * - 'interaction': the visitor began to interact — pointer, touch, keys, wheel or scroll;
 * - 'live-data': a part that shows live data (marked `data-needs-app`) came within a screen of the viewport.
 */
export type AppStartReason = 'session' | 'query' | 'interaction' | 'live-data';

/** Events that show a visitor beginning to use the page; listened to passively, nothing is stopped or delayed. */
const ENGAGING = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'wheel',
  'scroll',
  'focusin',
] as const;

/**
 * Resolves, with the reason, once the page needs the app; until then it costs the page nothing but a few passive
 * listeners. The page works meanwhile as HTML: its links are links, and clicks on its buttons are held and replayed
 * once the app has hydrated (see holdInput.ts).
 */
export function whenAppNeeded(win: Window = window): Promise<AppStartReason> {
  const doc = win.document;
  if (hasStoredSession(win)) return Promise.resolve('session');
  if (win.location.search) return Promise.resolve('query');
  return new Promise((resolve) => {
    const controller = new AbortController();
    let observer: IntersectionObserver | undefined;
    const start = (reason: AppStartReason) => {
      controller.abort();
      observer?.disconnect();
      resolve(reason);
    };
    for (const type of ENGAGING)
      win.addEventListener(type, () => start('interaction'), {
        capture: true,
        passive: true,
        once: true,
        signal: controller.signal,
      });
    const live = doc.querySelectorAll('[data-needs-app]');
    if (live.length > 0 && 'IntersectionObserver' in win) {
      // A screen ahead: the data is usually there by the time the part scrolls into view.
      observer = new IntersectionObserver(
        (entries) => entries.some((e) => e.isIntersecting) && start('live-data'),
        {
          rootMargin: '100% 0px',
        },
      );
      live.forEach((el) => observer!.observe(el));
    }
  });
}
