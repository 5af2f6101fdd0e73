import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { isPrerendered, matchRoute, routes, type Access } from '@pentland/site-data';
import { AppAuthProvider } from './auth/AppAuth';
import { Layout } from './Layout';
import { notFoundPage, pageForPath, pageForRoute } from './pages';
import { preloadable } from './lib/preloadable';
import { PageSpinner } from '@pentland/ui';

export interface AppProps {
  /** Server only: render the layout with a spinner where a client-rendered page goes. */
  shell?: boolean;
}

const Guard = preloadable(() => import('./auth/Guard'));

/** The route table's access decides the guard; the server's row-level security decides the data. */
function guarded(access: Access, page: ReactNode): ReactNode {
  return access === 'public' ? page : <Guard.Component access={access}>{page}</Guard.Component>;
}

/**
 * Loads the code a path's first render needs (its page, and the guard on a signed-in or admin route), so the first
 * render shows the page rather than a spinner. A failure is left for that render to retry and report.
 */
export function preloadRoute(path: string): Promise<void> {
  const match = matchRoute(path);
  const guard = match && match.route.access !== 'public' ? Guard.preload() : undefined;
  return Promise.all([pageForPath(path).preload(), guard]).then(
    () => undefined,
    () => undefined,
  );
}

/** Every route of the site-data route table, in the root layout; any other path is not found. */
export function App({ shell = false }: AppProps) {
  const NotFound = notFoundPage().Page;
  return (
    <AppAuthProvider>
      <Routes>
        <Route element={<Layout />}>
          {routes.map((route) => {
            const { Page } = pageForRoute(route.path);
            const element =
              shell && !isPrerendered(route) ? <PageSpinner /> : guarded(route.access, <Page />);
            return <Route key={route.path} path={route.path} element={element} caseSensitive />;
          })}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </AppAuthProvider>
  );
}
