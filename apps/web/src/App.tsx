import { Route, Routes } from 'react-router-dom';
import { isPrerendered, routes } from '@pentland/site-data';
import { Layout } from './Layout';
import { notFoundPage, pageForRoute } from './pages';
import { PageSpinner } from '@pentland/ui';

export interface AppProps {
  /** Server only: render the layout with a spinner where a client-rendered page goes. */
  shell?: boolean;
}

/** Every route of the site-data route table, in the root layout; any other path is not found. */
export function App({ shell = false }: AppProps) {
  const NotFound = notFoundPage().Page;
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.map((route) => {
          const { Page } = pageForRoute(route.path);
          const element = shell && !isPrerendered(route) ? <PageSpinner /> : <Page />;
          return <Route key={route.path} path={route.path} element={element} caseSensitive />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
