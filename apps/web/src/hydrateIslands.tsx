import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readBackendConfig } from './config.ts';
import { IslandFrame } from './IslandFrame.tsx';
import { isIsland, islandIdPrefix, loadIsland } from './islandKinds.tsx';
import { nextTask } from './lib/nextTask.ts';
import { setPathPreload } from './lib/pathPreload.ts';
import type { InputHold } from './lib/holdInput.ts';

readBackendConfig(import.meta.env);
// A move from this page (after signing in) is a page load: what its first render needs is loaded as the app's start
// loads it (routeCode), fetched ahead and then taken from the browser's cache.
setPathPreload((path) => import('./routeCode.tsx').then(({ preloadRoute }) => preloadRoute(path)));

/**
 * A page rendered on request (an article: its entry says `data-revalidate`) shows what the backend held when it was
 * rendered. Come back to it through history and the browser may show its stored copy without asking the server (an
 * article since unpublished, say): load it again, which asks (the server revalidates it). Other pages keep what the
 * browser restores (a half-typed message, a chat).
 */
function reloadWhenReturnedTo() {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation?.type === 'back_forward') {
    location.reload();
    return true;
  }
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });
  return false;
}

/**
 * Hydrates a page served as islands: each `[data-island]` element is a root of its own, hydrated with the props the
 * server rendered it with; the rest of the page stays the server's HTML. The input held meanwhile is given back
 * once every island has hydrated.
 */
export async function hydrateIslands(hold: InputHold): Promise<void> {
  const entry = document.querySelector<HTMLScriptElement>('script[data-modules]');
  if (entry?.hasAttribute('data-revalidate') && reloadWhenReturnedTo()) return;
  const found = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((root) =>
    isIsland(root.dataset.island ?? ''),
  );
  // One island's code at a time, each evaluated in a task of its own (their chunks are already being fetched).
  const roots: { root: HTMLElement; name: string; Kind: Awaited<ReturnType<typeof loadIsland>> }[] = [];
  for (const root of found) {
    const name = root.dataset.island as string;
    roots.push({ root, name, Kind: await loadIsland(name) });
    await nextTask();
  }
  const waiting = new Set(found);
  const hydrated = (root: HTMLElement) => () => {
    waiting.delete(root);
    if (waiting.size === 0) hold.release();
  };
  hold.unlockFields();
  if (waiting.size === 0) return hold.release();
  startTransition(() => {
    for (const { root, name, Kind } of roots) {
      const props = JSON.parse(root.dataset.props ?? '{}') as Record<string, unknown>;
      hydrateRoot(
        root,
        <IslandFrame onHydrated={hydrated(root)}>
          <Kind {...props} />
        </IslandFrame>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    }
  });
}
