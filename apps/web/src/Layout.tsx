import { Suspense, useEffect, useRef } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { LinkProvider, PageSpinner, SkipLink } from '@pentland/ui';
import { AccountNav } from './features/auth/AccountNav.tsx';
import { SiteFooter } from './features/content/SiteFooter.tsx';
import * as css from './Layout.css.ts';
import { Island } from './lib/island.tsx';
import { PageReady } from './lib/pageReady.tsx';

/** The root layout: a skip link to the main content, fixed top navigation, the page (lazy, with a spinner), the footer. */
export function Layout() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    // Run again for the same path (React's StrictMode runs each effect twice in development), nothing has changed:
    // above all, the page does not jump to the top under a visitor who scrolled it while it hydrated.
    if (shown.current === pathname) return;
    const isFirst = shown.current === null;
    shown.current = pathname;
    if (!isFirst) window.scrollTo(0, 0);
    // The served HTML already carries the first page's head tags; the code that builds them (structured data
    // and all) is loaded on the first navigation, keeping it out of the first load.
    if (isFirst && document.head.querySelector('[data-head]')) return;
    // With the query: it can make the address a private link (site-data's `privateQuery`), not to be indexed.
    const path = pathname + window.location.search;
    void import('./head.ts').then(({ applyHead }) => applyHead(path));
  }, [pathname]);
  return (
    <LinkProvider component={RouterLink}>
      <SkipLink target="main" />
      <Island name="NavIsland" props={{ pathname }}>
        <AccountNav pathname={pathname} />
      </Island>
      <main id="main" tabIndex={-1} className={css.main}>
        <Suspense fallback={<PageSpinner />}>
          <PageReady>
            <Outlet />
          </PageReady>
        </Suspense>
      </main>
      <Island name="FooterIsland" props={{}}>
        <SiteFooter />
      </Island>
    </LinkProvider>
  );
}
