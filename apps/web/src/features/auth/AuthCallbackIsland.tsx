import { AuthProvider } from './AuthProvider.tsx';
import { CallbackContent } from './AuthCallback.tsx';

/** /auth/callback's screen as an island, with a session of its own (the one the callback establishes). */
export default function AuthCallbackIsland() {
  return (
    <AuthProvider>
      <CallbackContent />
    </AuthProvider>
  );
}
