import { caption, item, list, mark, name as nameClass } from './LogoStrip.css.ts';

export interface LogoStripItem {
  name: string;
  /** Two to four letters shown in the tile. */
  badge: string;
  /** A short line under the name. */
  caption?: string;
}

export interface LogoStripProps {
  items: readonly LogoStripItem[];
  /** Names the list for screen readers, e.g. 'Platforms we work with'. */
  label: string;
}

/** A row of partners as typographic badges (their initials in a tile beside the name): no logos are loaded. */
export function LogoStrip({ items, label }: LogoStripProps) {
  return (
    <ul className={list} aria-label={label}>
      {items.map((entry) => (
        <li key={entry.name} className={item}>
          <span className={mark} aria-hidden="true">
            {entry.badge}
          </span>
          <span>
            <span className={nameClass}>{entry.name}</span>
            {entry.caption && (
              <>
                <br />
                <span className={caption}>{entry.caption}</span>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
