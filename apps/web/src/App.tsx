import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { isPrerendered, routes, type Access } from '@pentland/site-data';
import { AppAuthProvider } from './features/auth/AppAuth.tsx';
import { Layout } from './Layout.tsx';
import { notFoundPage, pageForRoute } from './pages.tsx';
import { Guard } from './routeCode.tsx';
import { RouterQuery } from './lib/RouterQuery.tsx';
import { PageSpinner } from '@pentland/ui';

export interface AppProps {
  /** Server only: render the layout with a spinner where a client-rendered page goes. */
  shell?: boolean;
}

/** The route table's access decides the guard; the server's row-level security decides the data. */
function guarded(access: Access, page: ReactNode): ReactNode {
  return access === 'public' ? page : <Guard.Component access={access}>{page}</Guard.Component>;
}

/** Every route of the site-data route table, in the root layout; any other path is not found. */
export function App({ shell = false }: AppProps) {
  const NotFound = notFoundPage().Page;
  return (
    <AppAuthProvider>
      <RouterQuery>
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
      </RouterQuery>
    </AppAuthProvider>
  );
}
