import { AuthProvider } from './AuthProvider.tsx';
import { AccountNav } from './AccountNav.tsx';

/** The top navigation as an island: with its own session (the user menu once signed in), no router. */
export default function NavIsland({ pathname }: { pathname: string }) {
  return (
    <AuthProvider>
      <AccountNav pathname={pathname} />
    </AuthProvider>
  );
}
