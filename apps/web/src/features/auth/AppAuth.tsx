import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthContextProvider, pendingAuthValue } from '@pentland/auth-machine/react';
import { preloadable, usePreloaded } from '../../lib/preloadable.tsx';
import { preloadRoute } from '../../routeCode.tsx';
import { adminEmails, host, service, setInAppNavigation } from './authDeps.ts';

// The session machine (and XState) load after the first paint, like supabase-js behind the service.
const SessionRunner = preloadable(() => import('./SessionRunner.tsx'));

/**
 * The auth context at the root. Until the session machine's code has loaded (and always on the server) the context
 * says 'loading, signed out': the bar shows Sign In and guards show their checking state. The runner then provides
 * the live session in the same context, so the page is never remounted.
 */
export function AppAuthProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(() => pendingAuthValue({ service, host, adminEmails }));
  // Loaded after hydration, so the hydrated tree matches the prerendered HTML exactly.
  const runnerLoaded = usePreloaded(SessionRunner);
  const navigate = useNavigate();
  useEffect(() => {
    setInAppNavigation((to) => {
      void preloadRoute(new URL(to, window.location.origin).pathname).then(() => navigate(to));
    });
    return () => setInAppNavigation(undefined);
  }, [navigate]);
  return (
    <AuthContextProvider value={value}>
      {runnerLoaded && (
        <Suspense fallback={null}>
          <SessionRunner.Component onChange={setValue} />
        </Suspense>
      )}
      {children}
    </AuthContextProvider>
  );
}
