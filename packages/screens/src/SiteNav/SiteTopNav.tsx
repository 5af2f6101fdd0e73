import {
  brand,
  contactLink,
  getStartedLinks,
  mobileMenuGroups,
  navLinks,
  signInLink,
  signOutLabel,
  userMenuLinks,
} from '@pentland/site-data';
import { TopNav, type TopNavProps } from '@pentland/ui';

type SiteContent = 'brand' | 'links' | 'contactLink' | 'signInLink' | 'accountLinks' | 'getStartedLinks';

/** The kit's TopNav props, the site's content optional (site-data's unless given). */
export type SiteTopNavProps = Omit<TopNavProps, SiteContent> & Partial<Pick<TopNavProps, SiteContent>>;

/**
 * The site's top navigation: the kit's TopNav filled with site-data's brand, links, mobile menu groups and labels.
 * The app adds the session (signedIn, userMenu, accountLinks, onSignOut) and the path.
 */
export function SiteTopNav({
  brand: siteBrand = brand,
  links = navLinks,
  contactLink: contact = contactLink,
  signInLink: signIn = signInLink,
  accountLinks = userMenuLinks,
  getStartedLinks: getStarted = getStartedLinks,
  menuTitles = mobileMenuGroups,
  signOutLabel: signOut = signOutLabel,
  ...rest
}: SiteTopNavProps) {
  return (
    <TopNav
      brand={siteBrand}
      links={links}
      contactLink={contact}
      signInLink={signIn}
      accountLinks={accountLinks}
      getStartedLinks={getStarted}
      menuTitles={menuTitles}
      signOutLabel={signOut}
      {...rest}
    />
  );
}
