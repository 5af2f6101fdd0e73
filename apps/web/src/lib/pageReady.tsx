import { useEffect, type ReactNode } from 'react';

let onReady: (() => void) | null = null;

/** What to run once the page has hydrated (or rendered): set by the browser's boot, never on the server. */
export function whenPageReady(callback: () => void): void {
  onReady = callback;
}

/**
 * Renders the page; its effect runs once the page itself has been committed — inside the layout's Suspense
 * boundary, which React may hydrate after the rest of the tree. A wrapper, not a sibling, so that no useId changes
 * (they must match the server's HTML).
 */
export function PageReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    onReady?.();
  }, []);
  return children;
}
