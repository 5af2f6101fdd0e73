import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { RoutedQuery, type QuerySource } from './addressQuery.ts';

/** The app's router as the query's source for the pages' hooks (`useAddressQuery`, `useReplaceAddressQuery`). */
export function RouterQuery({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const source = useMemo<QuerySource>(
    () => ({
      search,
      replace: (next) => void navigate({ search: next }, { replace: true, preventScrollReset: true }),
    }),
    [search, navigate],
  );
  return <RoutedQuery.Provider value={source}>{children}</RoutedQuery.Provider>;
}
