import {
  adminMenuLinks,
  adminMenuTitle,
  signOutLabel,
  userMenuLinks,
  userMenuTrailingLink,
} from '@pentland/site-data';
import { UserMenu, type UserMenuProps } from '@pentland/ui';

type SiteContent = 'links' | 'adminTitle' | 'adminLinks' | 'trailingLink';

/** The kit's UserMenu props, the site's links optional (site-data's unless given). */
export type SiteUserMenuProps = Omit<UserMenuProps, SiteContent> & Partial<Pick<UserMenuProps, SiteContent>>;

/**
 * The signed-in user's menu with the site's items: the kit's UserMenu filled with site-data's links, the 'Admin Only'
 * group, the final Manage E-Board link and the Sign Out label. The app adds the user and the session's callbacks.
 */
export function SiteUserMenu({
  links = userMenuLinks,
  adminTitle = adminMenuTitle,
  adminLinks = adminMenuLinks,
  trailingLink = userMenuTrailingLink,
  signOutLabel: signOut = signOutLabel,
  ...rest
}: SiteUserMenuProps) {
  return (
    <UserMenu
      links={links}
      adminTitle={adminTitle}
      adminLinks={adminLinks}
      trailingLink={trailingLink}
      signOutLabel={signOut}
      {...rest}
    />
  );
}
