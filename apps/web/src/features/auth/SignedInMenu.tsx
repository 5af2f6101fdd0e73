import { useEffect } from 'react';
import { SiteUserMenu as UserMenu } from '@pentland/screens';
import { useIsAdmin, usePremium, useSession } from '@pentland/auth-machine/react';

/**
 * The user menu of a signed-in user (loaded on sign-in): picture, display name, e-mail, the items, the 'Admin Only' group for
 * admins, the final Manage E-Board link and Sign Out. It reports the admin decision for the mobile menu's group.
 */
export default function SignedInMenu({ onAdminChange }: { onAdminChange: (isAdmin: boolean) => void }) {
  const { displayName, email, user, signOut } = useSession();
  const avatarUrl = user?.user_metadata?.avatar_url;
  const { isAdmin } = useIsAdmin();
  const { hasPremium } = usePremium();
  useEffect(() => {
    onAdminChange(isAdmin);
    return () => onAdminChange(false);
  }, [isAdmin, onAdminChange]);
  return (
    <UserMenu
      displayName={displayName}
      email={email}
      avatarUrl={typeof avatarUrl === 'string' ? avatarUrl : null}
      isAdmin={isAdmin}
      plan={hasPremium ? 'Premium' : null}
      onSignOut={signOut}
    />
  );
}
