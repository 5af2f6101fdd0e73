import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { useHydrated } from './hydrated.ts';
import { renderScoped } from './renderScoped.ts';
import { servedData, useServedData } from './servedData.ts';

/**
 * Set on a page the server rendered for its whole address, query included (see entryServer's `queryPages`): its
 * HTML already shows what the query decides, so the browser may hydrate with the query too.
 */
export const servedForQuery = servedData<true>('rendered-for-query');

/** The address's query (`?a=b`, or '') and a way to replace it without a new history entry. */
export interface QuerySource {
  search: string;
  replace: (search: string) => void;
}

/**
 * The query as the app's router has it (the app provides it, `RouterQuery`: it changes as the app navigates). A page
 * served as islands has no router: there the hooks below read the address itself.
 */
export const RoutedQuery = createContext<QuerySource | null>(null);

const replacedEvent = 'pentland:query-replaced';

function subscribeAddress(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(replacedEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(replacedEvent, onChange);
  };
}

/** Without a router: the address's query replaced in place (no new history entry, no scroll). */
function replaceOwn(search: string): void {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  window.dispatchEvent(new Event(replacedEvent));
}

/** The query of the address being rendered, on the server without a router (see `withServerQuery`). */
const serverSearch = renderScoped('');

/** Server: runs `render` (synchronous) with `search` as the address's query for the islands it renders. */
export const withServerQuery = <T>(search: string, render: () => T): T => serverSearch.run(search, render);

/**
 * The query the server rendered with: on the server, the address's (`withServerQuery`); in the browser while
 * hydrating, the address's on a page rendered for its query and none on a page prerendered without it.
 */
function renderedSearch(): string {
  if (typeof document === 'undefined') return serverSearch.get();
  return servedForQuery.get() ? window.location.search : '';
}

/** The query this part of the page sees: the router's in the app, the address's own on a page served as islands. */
function useQuerySource(): QuerySource {
  const routed = useContext(RoutedQuery);
  const own = useSyncExternalStore(subscribeAddress, () => window.location.search, renderedSearch);
  return routed ?? { search: own, replace: replaceOwn };
}

/**
 * The address's query once the page may show what it decides: on a page rendered for its address (on the server and
 * while hydrating it) and once hydrated; null while hydrating a page prerendered without its query, so the hydrated
 * tree matches that HTML.
 */
export function useAddressQuery(): URLSearchParams | null {
  const { search } = useQuerySource();
  const hydrated = useHydrated();
  const served = useServedData(servedForQuery);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return hydrated || served ? params : null;
}

/** Replaces the address's query (`{}` removes it) without a new history entry and without scrolling. */
export function useReplaceAddressQuery(): (params: Record<string, string>) => void {
  const { replace } = useQuerySource();
  return (params) => {
    const search = new URLSearchParams(params).toString();
    replace(search ? `?${search}` : '');
  };
}
