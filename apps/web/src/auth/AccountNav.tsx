import { lazy, Suspense } from 'react';
import { TopNav } from '@pentland/ui';
import { useSession } from '@pentland/auth-machine/react';

const SignedInNav = lazy(() => import('./SignedInNav'));

/**
 * The top navigation with the session: 'Sign In' while signed out (and while the session is still being read,
 * so the prerendered bar and the first client render agree); the user menu once signed in. The menu's code
 * loads only for signed-in visitors; until it arrives the bar shows no account control at all.
 */
export function AccountNav({ pathname }: { pathname: string }) {
  const { signedIn } = useSession();
  if (!signedIn) return <TopNav pathname={pathname} />;
  return (
    <Suspense fallback={<TopNav pathname={pathname} signedIn />}>
      <SignedInNav pathname={pathname} />
    </Suspense>
  );
}
