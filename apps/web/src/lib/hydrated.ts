import { useSyncExternalStore } from 'react';

/** For a `useSyncExternalStore` value that never changes once the page runs. */
export const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true afterwards: lets a prerendered page hydrate the HTML it was
 * built with, then show what depends on the URL's query or the browser's storage.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
