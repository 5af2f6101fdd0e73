import { useEffect, useRef, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { isPrerendered, routes, type Access } from '@pentland/site-data';
import { AppAuthProvider } from './features/auth/AppAuth.tsx';
import { Layout } from './Layout.tsx';
import { notFoundPage, pageForRoute } from './pages.tsx';
import { Guard } from './routeCode.tsx';
import { forgetInitialArticle } from './features/articles/initialData.ts';
import { PageSpinner } from '@pentland/ui';

export interface AppProps {
  /** Server only: render the layout with a spinner where a client-rendered page goes. */
  shell?: boolean;
}

/** The route table's access decides the guard; the server's row-level security decides the data. */
function guarded(access: Access, page: ReactNode): ReactNode {
  return access === 'public' ? page : <Guard.Component access={access}>{page}</Guard.Component>;
}

/**
 * The data a page was served with describes the page as served, once: after the first navigation within the app it
 * is dropped, so coming back to that page (Back, a link) asks the backend again — an article unpublished or deleted
 * meanwhile is not shown from the copy the first page carried.
 */
function ServedDataScope() {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) forgetInitialArticle();
  }, [key]);
  return null;
}

/** Every route of the site-data route table, in the root layout; any other path is not found. */
export function App({ shell = false }: AppProps) {
  const NotFound = notFoundPage().Page;
  return (
    <AppAuthProvider>
      <ServedDataScope />
      <Routes>
        <Route element={<Layout />}>
          {routes.map((route) => {
            const { Page } = pageForRoute(route);
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
