import { Link } from '../Link/Link.tsx';
import { current, item, link, list } from './Breadcrumb.css.ts';

export interface BreadcrumbItem {
  label: string;
  /** Where the crumb leads; the last crumb, the page itself, has none. */
  to?: string;
}

export interface BreadcrumbProps {
  items: readonly BreadcrumbItem[];
  /** The navigation landmark's name ('Breadcrumb'). */
  label?: string;
}

/** Where the page sits in the site: Home / Services / Cloud Infrastructure, the page itself marked current. */
export function Breadcrumb({ items, label = 'Breadcrumb' }: BreadcrumbProps) {
  return (
    <nav aria-label={label}>
      <ol className={list}>
        {items.map((crumb) => (
          <li key={crumb.label} className={item}>
            {crumb.to ? (
              <Link to={crumb.to} className={link}>
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className={current}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
