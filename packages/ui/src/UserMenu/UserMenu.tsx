import * as Menu from '@radix-ui/react-dropdown-menu';
import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useId } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import { Link, type NavLink } from '../Link/Link.tsx';
import * as css from './UserMenu.css.ts';

export interface UserMenuProps {
  /** full_name, else the e-mail before '@', else 'User' (auth-machine's `displayName(user)` decides). */
  displayName: string;
  email: string | null;
  /** Shows the 'Admin Only' group (from `useIsAdmin()`). */
  isAdmin: boolean;
  /** The user's picture, shown in the trigger instead of their initial. */
  avatarUrl?: string | null;
  /** The user's plan when it is worth a badge beside their name, e.g. 'Premium'. */
  plan?: string | null;
  /** Called by Sign Out; the menu closes. */
  onSignOut: () => void;
  /** The menu's links (e.g. Profile … Request Consultation). */
  links: readonly NavLink[];
  /** The title of the group shown to administrators only (e.g. 'Admin Only'). */
  adminTitle: string;
  adminLinks: readonly NavLink[];
  /** The link shown at the end for everyone, after Sign Out. */
  trailingLink: NavLink;
  signOutLabel?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

function MenuLink({ link }: { link: NavLink }) {
  return (
    <Menu.Item asChild className={css.item}>
      <Link to={link.to}>{link.label}</Link>
    </Menu.Item>
  );
}

/** The signed-in user's menu in the top navigation, on Radix DropdownMenu. */
export function UserMenu({
  displayName,
  email,
  isAdmin,
  avatarUrl = null,
  plan = null,
  onSignOut,
  links,
  adminTitle,
  adminLinks,
  trailingLink,
  signOutLabel = 'Sign Out',
  ...root
}: UserMenuProps) {
  const adminLabelId = useId();
  return (
    <Menu.Root modal={false} {...root}>
      <Menu.Trigger className={css.trigger}>
        <span className={css.avatar} aria-hidden="true">
          {avatarUrl ? (
            <img className={css.avatarImage} src={avatarUrl} alt="" width={30} height={30} />
          ) : (
            displayName.slice(0, 1).toUpperCase()
          )}
        </span>
        <span className={css.triggerName}>
          <VisuallyHidden>Account menu for </VisuallyHidden>
          {displayName}
        </span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={css.content} align="end" sideOffset={8} collisionPadding={8}>
          <div className={css.identity}>
            <span className={css.name}>
              {displayName}
              {plan && (
                <>
                  {' '}
                  <Badge tone="positive">{plan}</Badge>
                </>
              )}
            </span>
            {email && <span className={css.email}>{email}</span>}
          </div>
          <Menu.Separator className={css.separator} />
          <Menu.Group>
            {links.map((l) => (
              <MenuLink key={l.to + l.label} link={l} />
            ))}
          </Menu.Group>
          {isAdmin && (
            <>
              <Menu.Separator className={css.separator} />
              <Menu.Group aria-labelledby={adminLabelId}>
                <Menu.Label id={adminLabelId} className={css.groupLabel}>
                  {adminTitle}
                </Menu.Label>
                {adminLinks.map((l) => (
                  <MenuLink key={l.to + l.label} link={l} />
                ))}
              </Menu.Group>
            </>
          )}
          <Menu.Separator className={css.separator} />
          <Menu.Item className={[css.item, css.signOut].join(' ')} onSelect={onSignOut}>
            {signOutLabel}
          </Menu.Item>
          <Menu.Separator className={css.separator} />
          <MenuLink link={trailingLink} />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
