import type { HTMLAttributes, ReactNode } from 'react';
import { inline, stack, type InlineVariants, type StackVariants } from './Stack.css.ts';
import { cx } from '../internal/cx.ts';
import { listChildren, type LayoutElement } from '../internal/listChildren.tsx';

export interface StackProps extends StackVariants, HTMLAttributes<HTMLElement> {
  /** The element; `ul` and `ol` wrap each child in an item. `div` by default. */
  as?: LayoutElement;
  children?: ReactNode;
}

/** Children one above the other with an even gap from the space scale. */
export function Stack({ as: Element = 'div', gap, align, className, children, ...rest }: StackProps) {
  return (
    <Element className={cx(stack({ gap, align }), className)} {...rest}>
      {listChildren(Element, children)}
    </Element>
  );
}

export interface InlineProps extends InlineVariants, HTMLAttributes<HTMLElement> {
  /** The element; `ul` and `ol` wrap each child in an item. `div` by default. */
  as?: LayoutElement;
  children?: ReactNode;
}

/** Children side by side, wrapping onto the next line when narrow: a row of actions, links or badges. */
export function Inline({
  as: Element = 'div',
  gap,
  align,
  justify,
  className,
  children,
  ...rest
}: InlineProps) {
  return (
    <Element className={cx(inline({ gap, align, justify }), className)} {...rest}>
      {listChildren(Element, children)}
    </Element>
  );
}
