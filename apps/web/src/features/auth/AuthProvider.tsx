import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContextProvider, pendingAuthValue } from '@pentland/auth-machine/react';
import { preloadable, usePreloaded } from '../../lib/preloadable.tsx';
import { noSubscription } from '../../lib/hydrated.ts';
import { hasAuthRedirect, hasStoredSession, SESSION_KEY } from '../../lib/storedSession.ts';
import { adminEmails, host, service } from './authDeps.ts';

// The session machine (and XState) load after the first paint, like supabase-js behind the service.
const SessionRunner = preloadable(() => import('./SessionRunner.tsx'));

/** Calls `onChange` when another tab stores or removes a Supabase session (the storage event). */
function subscribeSessionStorage(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEY.test(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Calls `onChange` when a session is stored by another tab, or by this one (its auth service's events, once a sign-in
 * here has loaded it).
 */
function subscribeSession(onChange: () => void): () => void {
  const offStorage = subscribeSessionStorage(onChange);
  const offService = service.onAuthStateChange(() => onChange());
  return () => {
    offStorage();
    offService();
  };
}

/**
 * Whether there is a session to read: this browser holds one or the address carries a sign-in to complete. False on
 * the server and while hydrating; then read, and read again whenever this tab or another stores one. Always true
 * unless `watch`.
 */
function useSessionToRead(watch: boolean): boolean {
  const found = useSyncExternalStore(
    watch ? subscribeSession : noSubscription,
    () => hasStoredSession() || hasAuthRedirect(),
    () => false,
  );
  return !watch || found;
}

/**
 * The auth context. Until the session machine's code has loaded (and always on the server) the context says
 * 'loading, signed out': the bar shows Sign In and guards show their checking state. The runner then provides the
 * live session in the same context, so the page is never remounted. No router: the navigation island uses it as it
 * is (its host then navigates by loading pages); the app adds navigation within itself (`AppAuthProvider`).
 *
 * `onlyWithSession`: the machine (and supabase-js behind it) loads only once this browser holds a session, now or
 * later (signed in in this tab or another); a visitor who has never signed in keeps 'Sign In' and loads neither. For
 * a part of a page that needs the session only once there is one (the navigation on a page served as islands, the
 * sign-in form there).
 */
export function AuthProvider({
  children,
  onlyWithSession = false,
}: {
  children: ReactNode;
  onlyWithSession?: boolean;
}) {
  const [value, setValue] = useState(() => pendingAuthValue({ service, host, adminEmails }));
  // Loaded after hydration, so the hydrated tree matches the prerendered HTML exactly.
  const runnerLoaded = usePreloaded(SessionRunner, useSessionToRead(onlyWithSession));
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
