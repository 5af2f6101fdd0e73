import { matchRoute } from '@pentland/site-data';
import { preloadable } from './lib/preloadable.tsx';
import { pageForPath } from './pages.tsx';

/** The signed-in and admin guards, code-split like the pages. */
export const Guard = preloadable(() => import('./features/auth/Guard.tsx'));

/**
 * Loads the code a path's first render needs (its page, and the guard on a signed-in or admin route), so that render
 * shows the page rather than a spinner. A failure is left for that render to retry and report.
 */
export function preloadRoute(path: string): Promise<void> {
  const match = matchRoute(path);
  const guard = match && match.route.access !== 'public' ? Guard.preload() : undefined;
  return Promise.all([pageForPath(path).preload(), guard]).then(
    () => undefined,
    () => undefined,
  );
}
