import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { browserHost } from '@pentland/auth-machine';
import { AuthContextProvider, pendingAuthValue } from '@pentland/auth-machine/react';
import { readAdminEmails } from '../config';
import { preloadable, usePreloaded } from '../lib/preloadable';
import { createAuthService } from '../lib/supabase';
import { preloadRoute } from '../routeCode';

/** Set while the router is mounted (in the browser): the machines' navigation then stays in the app. */
let navigateInApp: ((to: string) => void) | undefined;

export const service = createAuthService();
/**
 * The machines' host: session storage and reload from the window; navigation (to /welcome after sign-in, to the
 * stored path after the callback) through the router once the target's code is loaded, so the session, the user
 * menu and the loaded code carry over instead of starting again with a full page load.
 */
export const host = browserHost({
  navigate: (to) => (navigateInApp ? navigateInApp(to) : window.location.assign(to)),
});
export const adminEmails = readAdminEmails(import.meta.env);

// The session machine (and XState) load after the first paint, like supabase-js behind the service.
const SessionRunner = preloadable(() => import('./SessionRunner'));

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
    navigateInApp = (to) => {
      void preloadRoute(new URL(to, window.location.origin).pathname).then(() => navigate(to));
    };
    return () => {
      navigateInApp = undefined;
    };
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
