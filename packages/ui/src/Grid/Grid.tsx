import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../internal/cx.ts';
import { wrapChildren } from '../internal/listChildren.tsx';
import { grid, item, type GridVariants } from './Grid.css.ts';

export interface GridProps extends GridVariants, HTMLAttributes<HTMLElement> {
  /** `ul` (default) and `ol` make each child a list item; `div` for a grid that is not a list. */
  as?: 'ul' | 'ol' | 'div';
  children?: ReactNode;
}

/**
 * Cards in responsive columns: one on phones, two from tablets, `columns` (3) from desktops. Each child sits in a
 * cell it fills, so a row of cards lines up.
 */
export function Grid({ as: Element = 'ul', columns, gap, align, className, children, ...rest }: GridProps) {
  return (
    <Element className={cx(grid({ columns, gap, align }), className)} {...rest}>
      {wrapChildren(children, Element === 'div' ? 'div' : 'li', item)}
    </Element>
  );
}
