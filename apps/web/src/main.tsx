import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { isPrerendered, matchRoute } from '@pentland/site-data';
import { readBackendConfig } from './config';
import { logUncaughtErrors } from './errors';
import { preloadSiteImages } from './preload';
import '@pentland/ui/fonts';
import { App } from './App';
import { preloadRoute } from './routeCode';
import { AppErrorBoundary } from './AppErrorBoundary';

logUncaughtErrors();
readBackendConfig(import.meta.env);
void preloadSiteImages();

async function start(container: HTMLElement) {
  const path = window.location.pathname;
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
  const prerendered = !match || isPrerendered(match.route);
  if (prerendered && container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(document.getElementById('root') as HTMLElement);
