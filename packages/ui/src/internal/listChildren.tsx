import { Children, type ReactNode } from 'react';

export type LayoutElement = 'div' | 'ul' | 'ol' | 'section' | 'header' | 'footer' | 'nav' | 'article' | 'p';

/**
 * Each child in an element of its own (a list item in a list), leaving out empty ones. Children.map keys each
 * wrapper by its child's key, so reordering keeps state.
 */
export function wrapChildren(children: ReactNode, Item: 'li' | 'div', className?: string): ReactNode {
  return Children.map(children, (child) =>
    child === null || child === undefined || typeof child === 'boolean' ? null : (
      <Item className={className}>{child}</Item>
    ),
  );
}

/** In a list, each child becomes an item, so a row of cards or links reads as a list. */
export function listChildren(as: LayoutElement, children: ReactNode): ReactNode {
  return as === 'ul' || as === 'ol' ? wrapChildren(children, 'li') : children;
}
