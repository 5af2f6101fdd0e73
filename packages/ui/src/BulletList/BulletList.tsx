import type { ReactNode } from 'react';
import { cx } from '../internal/cx.ts';
import { list, tickItem, type BulletListVariants } from './BulletList.css.ts';

export interface BulletListProps extends BulletListVariants {
  /** The points, in order. */
  items: readonly ReactNode[];
  /** `ol` numbers the points. */
  as?: 'ul' | 'ol';
  className?: string;
}

/** A list of short points: `bullet` (default) or `tick` for what a service includes. */
export function BulletList({ items, marker, as: Element = 'ul', className }: BulletListProps) {
  return (
    <Element className={cx(list({ marker }), className)}>
      {items.map((point, index) => (
        // The points are fixed content: their order is their identity.
        <li key={index} className={marker === 'tick' ? tickItem : undefined}>
          {point}
        </li>
      ))}
    </Element>
  );
}
