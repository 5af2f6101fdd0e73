import { Suspense, useState, type ReactNode } from 'react';
import { AuthContextProvider, pendingAuthValue } from '@pentland/auth-machine/react';
import { preloadable, usePreloaded } from '../../lib/preloadable.tsx';
import { adminEmails, host, service } from './authDeps.ts';

// The session machine (and XState) load after the first paint, like supabase-js behind the service.
const SessionRunner = preloadable(() => import('./SessionRunner.tsx'));

/**
 * The auth context. Until the session machine's code has loaded (and always on the server) the context says
 * 'loading, signed out': the bar shows Sign In and guards show their checking state. The runner then provides the
 * live session in the same context, so the page is never remounted. No router: the navigation island uses it as it
 * is (its host then navigates by loading pages); the app adds navigation within itself (`AppAuthProvider`).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(() => pendingAuthValue({ service, host, adminEmails }));
  // Loaded after hydration, so the hydrated tree matches the prerendered HTML exactly.
  const runnerLoaded = usePreloaded(SessionRunner);
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
