import { accountMenuLinks } from '@pentland/site-data';
import { TopNav, UserMenu } from '@pentland/ui';
import { useIsAdmin, useSession } from '@pentland/auth-machine/react';

/** The navigation of a signed-in user: the user menu and the mobile 'User Account' group (loaded on sign-in). */
export default function SignedInNav({ pathname }: { pathname: string }) {
  const { displayName, email, signOut } = useSession();
  const { isAdmin } = useIsAdmin();
  return (
    <TopNav
      pathname={pathname}
      signedIn
      userMenu={<UserMenu displayName={displayName} email={email} isAdmin={isAdmin} onSignOut={signOut} />}
      accountLinks={accountMenuLinks(isAdmin)}
      onSignOut={signOut}
    />
  );
}
