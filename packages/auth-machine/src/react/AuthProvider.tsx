import { useEffect, useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createSessionMachine } from '../create.ts';
import { browserHost, type AuthHost } from '../host.ts';
import { sessionView, type SessionView } from '../machines/session.ts';
import type { AuthService } from '../types.ts';
import { AuthContextProvider, type AuthContextValue } from './context.ts';

export { useAuth, type AuthContextValue } from './context.ts';

const noAdminEmails: readonly string[] = [];

export interface AuthProviderProps {
  service: AuthService;
  /** Defaults to `browserHost()` (window.location, sessionStorage, console.error). */
  host?: AuthHost;
  adminEmails?: readonly string[];
  children?: ReactNode;
}

/** Runs the session machine and returns the auth context's value (what `AuthProvider` provides). */
export function useAuthSession({
  service,
  host,
  adminEmails = noAdminEmails,
}: Omit<AuthProviderProps, 'children'>): AuthContextValue {
  const resolvedHost = useMemo(() => host ?? browserHost(), [host]);
  const machine = useMemo(() => createSessionMachine({ service }), [service]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, sessionView, sameSessionView);
  return useMemo<AuthContextValue>(
    () => ({
      ...view,
      service,
      host: resolvedHost,
      adminEmails,
      signOut: () => actor.send({ type: 'session.signOut' }),
    }),
    [view, service, resolvedHost, adminEmails, actor],
  );
}

/** Runs the session machine and shares user, session and loading with the tree. */
export function AuthProvider({ children, ...options }: AuthProviderProps) {
  return <AuthContextProvider value={useAuthSession(options)}>{children}</AuthContextProvider>;
}

/**
 * Runs the session machine beside a tree whose context the caller provides, reporting each new value. For apps
 * that load the session machine after the first paint: provide `pendingAuthValue(...)` until it reports.
 */
export function AuthSessionRunner({
  onChange,
  ...options
}: Omit<AuthProviderProps, 'children'> & { onChange: (value: AuthContextValue) => void }) {
  const value = useAuthSession(options);
  useEffect(() => onChange(value), [onChange, value]);
  return null;
}

function sameSessionView(a: SessionView, b: SessionView): boolean {
  return (
    a.session === b.session &&
    a.user === b.user &&
    a.loading === b.loading &&
    a.signingOut === b.signingOut &&
    a.passwordRecovery === b.passwordRecovery
  );
}
