import { StrictMode, type ReactNode } from 'react';
import { Link as RouterLink, Router, createPath, type Navigator, type To } from 'react-router-dom';
import { LinkProvider } from '@pentland/ui';
import { IslandHydrated } from './lib/island.tsx';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** On a page served as islands there is no app to navigate within: a link loads its page. */
const pageNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

export interface IslandFrameProps {
  /** The page's address (path, query and hash). */
  location: string;
  onHydrated?: () => void;
  children: ReactNode;
}

/**
 * What every island runs in, on the server and in the browser alike: a router at the page's address whose links
 * load their page, and the kit's links through it.
 */
export function IslandFrame({ location, onHydrated, children }: IslandFrameProps) {
  return (
    <StrictMode>
      <Router location={location} navigator={pageNavigator}>
        <LinkProvider component={RouterLink}>
          <IslandHydrated onHydrated={onHydrated}>{children}</IslandHydrated>
        </LinkProvider>
      </Router>
    </StrictMode>
  );
}
