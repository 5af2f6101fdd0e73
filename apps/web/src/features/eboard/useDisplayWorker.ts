// The display's offline copy: registers the display's service worker (public/eboardDisplayWorker.js, only on the
// display, so the site's other pages never load one) and, after each board read, tells it what to keep — the page,
// the site's files it loaded and the board's pictures. `html[data-display-offline="ready"]` marks that the worker
// holds them all (a reload without network then shows this board).
import { useEffect } from 'react';
import type { BoardEntry } from '@pentland/screens';

const workerUrl = '/eboardDisplayWorker.js';

/**
 * Whether this page came from the worker's store because the network did not answer it (in time): the worker says so
 * in the page's `Server-Timing`.
 */
export function pageFromDisplayStore(): boolean {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return false;
  const [page] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return page?.serverTiming?.some((t) => t.name === 'display-page' && t.description === 'stored') ?? false;
}
const scope = '/eboard-welcome';

/** `lastRead`: when the board was last read (each read may have loaded more of the site's files). */
export function useDisplayWorker(entries: readonly BoardEntry[], lastRead: number | null): void {
  const images = entries.map((e) => e.imageUrl).filter((u): u is string => !!u);
  const key = images.join('\n');
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let live = true;
    const kept = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'kept' && live)
        document.documentElement.dataset.displayOffline = 'ready';
    };
    navigator.serviceWorker.addEventListener('message', kept);
    void (async () => {
      try {
        await navigator.serviceWorker.register(workerUrl, { scope });
        const ready = await navigator.serviceWorker.ready;
        if (!live || !ready.active) return;
        const files = performance
          .getEntriesByType('resource')
          .map((r) => r.name)
          .filter((u) => u.startsWith(`${location.origin}/`));
        ready.active.postMessage({
          type: 'keep',
          page: location.href,
          files,
          images: key ? key.split('\n') : [],
        });
      } catch {
        // No worker (a private window, an old browser): the screen still works, only not after a reload offline.
      }
    })();
    return () => {
      live = false;
      navigator.serviceWorker.removeEventListener('message', kept);
    };
  }, [key, lastRead]);
}
