import { Suspense, useState } from 'react';
import { accountMenuLinks, mobileMainLinks } from '@pentland/site-data';
import { SiteTopNav as TopNav } from '@pentland/screens';
import { useSession } from '@pentland/auth-machine/react';
import { preloadable, usePreloaded } from '../../lib/preloadable.tsx';

const SignedInMenu = preloadable(() => import('./SignedInMenu.tsx'));

/**
 * The top navigation with the session: 'Sign In' while signed out (and while the session is still being read, so
 * the prerendered bar and the first client render agree); the user menu once signed in, and the mobile menu's
 * 'User Account' group with Sign Out. One bar throughout, so an open mobile menu stays open while the user menu's
 * code (loaded only for signed-in visitors) arrives.
 */
export function AccountNav({ pathname }: { pathname: string }) {
  const { signedIn, signOut } = useSession();
  const [isAdmin, setIsAdmin] = useState(false);
  const menuLoaded = usePreloaded(SignedInMenu, signedIn);
  return (
    <TopNav
      pathname={pathname}
      mobileLinks={mobileMainLinks}
      signedIn={signedIn}
      userMenu={
        signedIn &&
        menuLoaded && (
          <Suspense fallback={null}>
            <SignedInMenu.Component onAdminChange={setIsAdmin} />
          </Suspense>
        )
      }
      accountLinks={accountMenuLinks(signedIn && isAdmin)}
      onSignOut={signOut}
    />
  );
}
