import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import { ButtonLink } from '../Button/Button.tsx';
import { Link, type NavLink } from '../Link/Link.tsx';
import { MobileMenu, type MobileMenuGroup } from './MobileMenu.tsx';
import * as css from './TopNav.css.ts';

/** The titles of the mobile menu's groups. */
export interface TopNavMenuTitles {
  main: string;
  contact: string;
  /** The account group, when signed in. */
  signedIn: string;
  /** The group offered when signed out. */
  signedOut: string;
}

const defaultMenuTitles: TopNavMenuTitles = {
  main: 'Main Pages',
  contact: 'Contact',
  signedIn: 'User Account',
  signedOut: 'Get Started',
};

/** The bar's content (brand, links, menus) comes from the app; the kit holds no site's data. */
export interface TopNavProps {
  brand: string;
  homeTo?: string;
  /** The main links, each with an optional badge. */
  links: readonly NavLink[];
  /** The mobile menu's 'Main Pages' group, when it holds more than the bar (e.g. About Us); defaults to `links`. */
  mobileLinks?: readonly NavLink[];
  /** The highlighted button at the end of the bar (e.g. Contact). */
  contactLink: NavLink;
  /** Shown in the bar when signed out (e.g. Sign In). */
  signInLink: NavLink;
  signedIn?: boolean;
  /** The user menu shown in the bar when signed in (e.g. `<UserMenu …/>`). */
  userMenu?: ReactNode;
  /** The mobile menu's account group (signed in). */
  accountLinks: readonly NavLink[];
  /** The mobile menu's group for visitors (signed out). */
  getStartedLinks: readonly NavLink[];
  /** The mobile menu's group titles ('Main Pages', 'Contact', 'User Account', 'Get Started'). */
  menuTitles?: TopNavMenuTitles;
  /** Offers Sign Out at the end of the mobile account group. */
  onSignOut?: () => void;
  signOutLabel?: string;
  /** The current path: marks the active link and closes the mobile menu when it changes. */
  pathname?: string;
  /** Start with the mobile menu open (stories, screenshots). */
  defaultMobileOpen?: boolean;
}

/** Three bars, or a cross while the menu is open (decided by the stylesheet, so it is right before hydration too). */
function MenuIcon() {
  return (
    <svg
      className={css.menuIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path className={css.iconClosed} d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
      <path className={css.iconOpen} d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The fixed top navigation bar with its mobile menu. The menu is a popover (the Popover API) that its toggle opens
 * natively: it works in the server-rendered HTML before any script has run, closes on Escape and on a tap outside,
 * and gives focus back to the toggle; the component follows its state through the popover's toggle event.
 */
export function TopNav({
  brand,
  homeTo = '/',
  links,
  mobileLinks = links,
  contactLink,
  signInLink,
  signedIn = false,
  userMenu,
  accountLinks,
  getStartedLinks,
  menuTitles = defaultMenuTitles,
  onSignOut,
  signOutLabel = 'Sign Out',
  pathname,
  defaultMobileOpen = false,
}: TopNavProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = () => {
    if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover();
  };

  // Opened before the page was hydrated (the toggle works without script), or asked to start open: the state follows.
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    if (defaultMobileOpen && !menu.matches(':popover-open')) menu.showPopover();
    if (menu.matches(':popover-open')) setOpen(true);
  }, [defaultMobileOpen]);

  // A route change closes the mobile menu (not the first render: a menu opened before hydration stays open).
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    closeMenu();
  }, [pathname]);

  // Escape closes it (the popover does so too for a real key press; this also answers synthetic ones).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const groups: MobileMenuGroup[] = [
    { title: menuTitles.main, links: mobileLinks },
    { title: menuTitles.contact, links: [contactLink] },
    signedIn
      ? {
          title: menuTitles.signedIn,
          links: accountLinks,
          action: onSignOut ? { label: signOutLabel, onSelect: onSignOut } : undefined,
        }
      : { title: menuTitles.signedOut, links: getStartedLinks },
  ];

  return (
    <header className={css.header}>
      <div className={css.bar}>
        <Link to={homeTo} className={css.brandLink}>
          <span className={css.brandMark} aria-hidden="true">
            {brand.slice(0, 1)}
          </span>
          <span className={css.brandText}>{brand}</span>
        </Link>
        <nav aria-label="Main">
          <ul className={css.desktopLinks}>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={css.navLink} aria-current={pathname === l.to ? 'page' : undefined}>
                  {l.label}
                  {l.badge && <Badge tone="new">{l.badge}</Badge>}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={css.actions}>
          <ButtonLink to={contactLink.to} variant="accent" size="small" className={css.desktopOnly}>
            {contactLink.label}
          </ButtonLink>
          {signedIn ? (
            userMenu
          ) : (
            <ButtonLink to={signInLink.to} variant="inverse" size="small" className={css.desktopOnly}>
              {signInLink.label}
            </ButtonLink>
          )}
          <button
            type="button"
            className={css.menuToggle}
            popoverTarget={menuId}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      <MobileMenu
        ref={menuRef}
        id={menuId}
        groups={groups}
        pathname={pathname}
        onToggle={setOpen}
        onNavigate={closeMenu}
      />
    </header>
  );
}
