import { Link } from '../Link/Link.tsx';
import { Card } from '../Card/Card.tsx';
import { Text } from '../Text/Text.tsx';
import * as css from './Article.css.ts';

export interface ArticleCardProps {
  title: string;
  to: string;
  excerpt?: string | null;
  dateLabel?: string;
  publishedAt?: string | null;
  cover?: { url: string; alt?: string | null } | null;
  headingLevel?: 'h2' | 'h3';
}

/** One article in a list: cover, title (the link), date and excerpt. */
export function ArticleCard({
  title,
  to,
  excerpt,
  dateLabel,
  publishedAt,
  cover,
  headingLevel = 'h3',
}: ArticleCardProps) {
  const Heading = headingLevel;
  return (
    <Card as="article" elevation="flat">
      {cover && (
        <img
          className={css.cardImage}
          src={cover.url}
          alt={cover.alt ?? ''}
          width={400}
          height={225}
          loading="lazy"
          decoding="async"
        />
      )}
      <Heading className={css.cardTitle}>
        <Link to={to} className={css.cardLink}>
          {title}
        </Link>
      </Heading>
      {publishedAt && dateLabel && (
        <Text size="sm" tone="muted">
          <time dateTime={publishedAt}>{dateLabel}</time>
        </Text>
      )}
      {excerpt && <Text tone="muted">{excerpt}</Text>}
    </Card>
  );
}
