import type { SessionView } from '../machines/session.js';
import { useAuth } from './context.js';

/** The auth context: user, session, loading, display name. */
export function useSession(): SessionView & { signOut: () => void } {
  const { service: _service, host: _host, adminEmails: _adminEmails, ...session } = useAuth();
  return session;
}
