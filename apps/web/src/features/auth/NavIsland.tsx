import { AuthProvider } from './AuthProvider.tsx';
import { AccountNav } from './AccountNav.tsx';

/**
 * The top navigation as an island: with its own session (the user menu once signed in), no router. The session's
 * code loads only for a browser that holds a session: everyone else sees Sign In, which is a link.
 */
export default function NavIsland({ pathname }: { pathname: string }) {
  return (
    <AuthProvider onlyWithSession>
      <AccountNav pathname={pathname} />
    </AuthProvider>
  );
}
