import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createSessionMachine } from '../create.js';
import { browserHost, type AuthHost } from '../host.js';
import { messages } from '../messages.js';
import { sessionView, type SessionView } from '../machines/session.js';
import type { AuthService } from '../types.js';

export interface AuthContextValue extends SessionView {
  service: AuthService;
  host: AuthHost;
  /** Administrator e-mails used when is_admin fails (from configuration). */
  adminEmails: readonly string[];
  signOut: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const noAdminEmails: readonly string[] = [];

export interface AuthProviderProps {
  service: AuthService;
  /** Defaults to `browserHost()` (window.location, sessionStorage, console.error). */
  host?: AuthHost;
  adminEmails?: readonly string[];
  children?: ReactNode;
}

/** Runs the session machine and shares user, session and loading with the tree. */
export function AuthProvider({ service, host, adminEmails = noAdminEmails, children }: AuthProviderProps) {
  const resolvedHost = useMemo(() => host ?? browserHost(), [host]);
  const machine = useMemo(() => createSessionMachine({ service }), [service]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, sessionView, sameSessionView);
  const value = useMemo<AuthContextValue>(
    () => ({
      ...view,
      service,
      host: resolvedHost,
      adminEmails,
      signOut: () => actor.send({ type: 'session.signOut' }),
    }),
    [view, service, resolvedHost, adminEmails, actor],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
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

/** The auth context. Throws 'useAuth must be used within an AuthProvider' outside the provider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.useAuthOutsideProvider);
  return value;
}
