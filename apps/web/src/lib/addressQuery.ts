import { useSearchParams } from 'react-router-dom';
import { useHydrated } from './hydrated.ts';
import { servedData, useServedData } from './servedData.ts';

/**
 * Set on a page the server rendered for its whole address, query included (see entryServer's `queryPages`): its
 * HTML already shows what the query decides, so the browser may hydrate with the query too.
 */
export const servedForQuery = servedData<true>('rendered-for-query');

/**
 * The address's query once the page may show what it decides: on a page rendered for its address (on the server and
 * while hydrating it) and once hydrated; null while hydrating a page prerendered without its query, so the hydrated
 * tree matches that HTML.
 */
export function useAddressQuery(): URLSearchParams | null {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const served = useServedData(servedForQuery);
  return hydrated || served ? params : null;
}
