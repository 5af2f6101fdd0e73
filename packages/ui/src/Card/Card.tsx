import type { HTMLAttributes, ReactNode } from 'react';
import { card, cardTitle, type CardVariants } from './Card.css.ts';

export interface CardProps extends CardVariants, Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** An optional title (h3 by default). */
  title?: ReactNode;
  titleAs?: 'h2' | 'h3' | 'h4';
  /** `article` for self-contained items such as a service. */
  as?: 'div' | 'article' | 'section';
  children?: ReactNode;
}

/** A bordered, raised surface grouping related content. */
export function Card({
  padding,
  elevation,
  title,
  titleAs: Title = 'h3',
  as: Element = 'div',
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <Element className={[card({ padding, elevation }), className].filter(Boolean).join(' ')} {...rest}>
      {title && <Title className={cardTitle}>{title}</Title>}
      {children}
    </Element>
  );
}
