import type { SessionView } from '../machines/session.ts';
import { useAuth } from './context.ts';

/** The auth context: user, session, loading, display name. */
export function useSession(): SessionView & { signOut: () => void } {
  const { service: _service, host: _host, adminEmails: _adminEmails, ...session } = useAuth();
  return session;
}
