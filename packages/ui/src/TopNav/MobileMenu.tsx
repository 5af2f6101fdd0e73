import type { Ref } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import { Link, type NavLink } from '../Link/Link.tsx';
import { group, groupList, groupTitle, mobileLink, mobilePanel } from './TopNav.css.ts';

export interface MobileMenuGroup {
  title: string;
  links: readonly NavLink[];
  /** An action at the end of the group, e.g. Sign Out. */
  action?: { label: string; onSelect: () => void };
}

export interface MobileMenuProps {
  id: string;
  groups: readonly MobileMenuGroup[];
  pathname?: string;
  /** Called when a link or action is chosen, so the owner closes the menu. */
  onNavigate: () => void;
  /** Called when the popover opens (true) or closes (false). */
  onToggle?: (open: boolean) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The grouped link panel under the top bar on narrow screens; at most 70% of the viewport high, then it scrolls.
 * A popover: hidden until its toggle (an element with `popovertarget` naming `id`) opens it.
 */
export function MobileMenu({ id, groups, pathname, onNavigate, onToggle, ref }: MobileMenuProps) {
  return (
    <div
      ref={ref}
      id={id}
      popover="auto"
      className={mobilePanel}
      data-mobile-menu=""
      onToggle={(event) => onToggle?.(event.newState === 'open')}
    >
      {groups.map((g) => {
        const titleId = `${id}-${g.title.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <nav key={g.title} className={group} aria-labelledby={titleId}>
            <h2 id={titleId} className={groupTitle}>
              {g.title}
            </h2>
            <ul className={groupList}>
              {g.links.map((l) => (
                <li key={`${l.to}-${l.label}`}>
                  <Link
                    to={l.to}
                    className={mobileLink}
                    aria-current={pathname === l.to ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    {l.label}
                    {l.badge && <Badge tone="new">{l.badge}</Badge>}
                  </Link>
                </li>
              ))}
              {g.action && (
                <li>
                  <button
                    type="button"
                    className={mobileLink}
                    onClick={() => {
                      g.action?.onSelect();
                      onNavigate();
                    }}
                  >
                    {g.action.label}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        );
      })}
    </div>
  );
}
