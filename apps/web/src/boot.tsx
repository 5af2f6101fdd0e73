import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { isPrerendered, matchRoute } from '@pentland/site-data';
import { readBackendConfig } from './config.ts';
import { preloadSiteImages } from './preload.ts';
import '@pentland/ui/fonts';
import { App } from './App.tsx';
import { preloadRoute } from './routeCode.tsx';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import type { InputHold } from './lib/holdInput.ts';
import { whenPageReady } from './lib/pageReady.tsx';
import { setPathPreload } from './lib/pathPreload.ts';

readBackendConfig(import.meta.env);
void preloadSiteImages();
setPathPreload(preloadRoute);

async function start(container: HTMLElement, hold: InputHold) {
  const path = window.location.pathname;
  // The held input is given back once the page (not only the layout around it) has hydrated.
  whenPageReady(hold.release);
  // The route's code is loaded before React starts, so the first render shows the page, not the spinner.
  await preloadRoute(path);
  const app = (
    <StrictMode>
      <AppErrorBoundary>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppErrorBoundary>
    </StrictMode>
  );
  const match = matchRoute(path);
  // (An article page rendered on request never starts the app: it is served as islands, src/hydrateIslands.tsx.)
  const prerendered = !match || isPrerendered(match.route);
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding the main
  // thread for the whole page; an interaction meanwhile hydrates its part first.
  // The page's fields go back to what the server rendered just before React compares them (and listens).
  hold.unlockFields();
  if (prerendered && container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

/** Starts the app on the page's root; the input held meanwhile is given back as it hydrates (or renders). */
export function boot(hold: InputHold): Promise<void> {
  return start(document.getElementById('root') as HTMLElement, hold);
}
