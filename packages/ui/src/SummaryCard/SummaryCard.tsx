import type { ReactNode } from 'react';
import { Card, type CardProps } from '../Card/Card.tsx';
import { Link } from '../Link/Link.tsx';
import { Text } from '../Text/Text.tsx';
import { fill, footer, link as linkClass } from './SummaryCard.css.ts';

export interface SummaryCardProps {
  title: ReactNode;
  titleAs?: CardProps['titleAs'];
  /** The one or two sentences under the title. */
  summary?: ReactNode;
  /** A fact to pick out: a "from" price, a date. */
  highlight?: ReactNode;
  /** The link at the card's foot; its label says where it leads. */
  link?: { to: string; label: string };
  elevation?: CardProps['elevation'];
  children?: ReactNode;
}

/** One item of a grid (a service, a tool, an article): title, summary, a highlighted fact and a link. */
export function SummaryCard({
  title,
  titleAs,
  summary,
  highlight,
  link,
  elevation,
  children,
}: SummaryCardProps) {
  return (
    <Card as="article" title={title} titleAs={titleAs} elevation={elevation} className={fill}>
      {summary && <Text tone="muted">{summary}</Text>}
      {highlight && (
        <Text tone="accent" weight="semibold">
          {highlight}
        </Text>
      )}
      {children}
      {link && (
        <div className={footer}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </div>
      )}
    </Card>
  );
}
