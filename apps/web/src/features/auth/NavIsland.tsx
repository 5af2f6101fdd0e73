import { AppAuthProvider } from './AppAuth.tsx';
import { AccountNav } from './AccountNav.tsx';

/** The top navigation as an island: with its own session (the user menu once signed in). */
export default function NavIsland({ pathname }: { pathname: string }) {
  return (
    <AppAuthProvider>
      <AccountNav pathname={pathname} />
    </AppAuthProvider>
  );
}
