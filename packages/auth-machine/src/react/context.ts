import { createContext, useContext } from 'react';
import type { AuthHost } from '../host.ts';
import { messages } from '../messages.ts';
import type { SessionView } from '../machines/session.ts';
import type { AuthService } from '../types.ts';

export interface AuthContextValue extends SessionView {
  service: AuthService;
  host: AuthHost;
  /** Administrator e-mails used when is_admin fails (from configuration). */
  adminEmails: readonly string[];
  signOut: () => void;
}

/** The auth context. Apps normally provide it with `AuthProvider`; `AuthContextProvider` is the raw provider. */
export const AuthContext = createContext<AuthContextValue | null>(null);
export const AuthContextProvider = AuthContext.Provider;

/** The auth context. Throws 'useAuth must be used within an AuthProvider' outside the provider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.useAuthOutsideProvider);
  return value;
}

/**
 * The context before the session machine runs (server rendering, or while its code loads): still loading, so the
 * guards show their checking state and the navigation shows the signed-out bar. Signing out does nothing yet.
 */
export function pendingAuthValue(options: {
  service: AuthService;
  host: AuthHost;
  adminEmails?: readonly string[];
}): AuthContextValue {
  return {
    user: null,
    session: null,
    loading: true,
    signedIn: false,
    codeRequired: false,
    signingOut: false,
    passwordRecovery: false,
    displayName: 'User',
    email: null,
    service: options.service,
    host: options.host,
    adminEmails: options.adminEmails ?? [],
    signOut: () => {},
  };
}
