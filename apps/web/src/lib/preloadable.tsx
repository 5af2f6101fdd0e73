import { lazy, useEffect, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the component; suspends (React.lazy) only while its code has not arrived. */
  Component: ComponentType<P>;
  /** Loads the code; once it has resolved, `Component` renders synchronously. */
  preload: () => Promise<void>;
}

/**
 * A code-split component that can be loaded ahead of its first render. React.lazy suspends on its first render
 * even when the import has already resolved, and React reveals a resolved Suspense boundary only after a ~300 ms
 * throttle; remembering the loaded component lets a preloaded one render at once (and hydrate the prerendered HTML
 * without a spinner). Should the preload fail, the first render retries the import through React.lazy, so the
 * error reaches the nearest error boundary.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let Loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((m) => {
      Loaded = m.default;
      return m;
    });
  const Lazy = lazy(loadAndKeep);
  function Component(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload: () => loadAndKeep().then(() => undefined) };
}

/**
 * True once `component`'s code has been loaded (or has failed to load, so that rendering it surfaces the error);
 * loading starts after the first commit — after hydration — and only while `enabled`.
 */
export function usePreloaded(component: Pick<Preloadable<object>, 'preload'>, enabled = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled || ready) return;
    let active = true;
    void component.preload().finally(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, [component, enabled, ready]);
  return ready;
}
