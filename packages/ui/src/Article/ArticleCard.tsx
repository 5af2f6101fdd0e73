import { Link } from '../Link/Link.tsx';
import { Card } from '../Card/Card.tsx';
import { Text } from '../Text/Text.tsx';
import * as css from './Article.css.ts';
import { breakpoints } from '../theme/tokens.ts';

/**
 * How wide a card's cover shows, for choosing from its `srcSet`: a third of the 1,200 px page from desktops, half the
 * screen from tablets, and the screen less the page's and the card's padding on phones.
 */
export const cardCoverSizes = `(min-width: ${breakpoints.desktop}px) 23rem, (min-width: ${breakpoints.tablet}px) 50vw, calc(100vw - 3rem)`;

export interface ArticleCardProps {
  title: string;
  to: string;
  excerpt?: string | null;
  dateLabel?: string;
  publishedAt?: string | null;
  /** The cover: `url` as stored, and `srcSet`, renderings of it at card widths (`480w, 720w, …`) when there are. */
  cover?: { url: string; alt?: string | null; srcSet?: string } | null;
  headingLevel?: 'h2' | 'h3';
  /** Shown as 'By …' before the date. */
  author?: string | null;
  /** '3 min read', after the date. */
  readingTime?: string;
  /** The article's tags, each a link when it has `to`. */
  tags?: readonly { label: string; to?: string }[];
  /**
   * The list's first card, in the first screen: its cover is fetched at once and ahead of the other images (on a
   * phone it is the largest thing painted), where the others wait until they come near the viewport.
   */
  priority?: boolean;
}

/** One article in a list: cover, title (the link), author, date, reading time, excerpt and tags. */
export function ArticleCard({
  title,
  to,
  excerpt,
  dateLabel,
  publishedAt,
  cover,
  headingLevel = 'h3',
  author,
  readingTime,
  tags = [],
  priority = false,
}: ArticleCardProps) {
  const Heading = headingLevel;
  const dated = Boolean(publishedAt && dateLabel);
  return (
    <Card as="article" elevation="flat">
      {cover && (
        <img
          className={css.cardImage}
          src={cover.url}
          srcSet={cover.srcSet}
          sizes={cover.srcSet ? cardCoverSizes : undefined}
          alt={cover.alt ?? ''}
          width={400}
          height={225}
          fetchPriority={priority ? 'high' : undefined}
          loading={priority ? undefined : 'lazy'}
          decoding={priority ? undefined : 'async'}
        />
      )}
      <Heading className={css.cardTitle}>
        <Link to={to} className={css.cardLink}>
          {title}
        </Link>
      </Heading>
      {author || readingTime ? (
        <p className={css.meta}>
          {author && <span>By {author}</span>}
          {dated && <time dateTime={publishedAt!}>{dateLabel}</time>}
          {readingTime && <span>{readingTime}</span>}
        </p>
      ) : (
        dated && (
          <Text size="sm" tone="muted">
            <time dateTime={publishedAt!}>{dateLabel}</time>
          </Text>
        )
      )}
      {excerpt && <Text tone="muted">{excerpt}</Text>}
      {tags.length > 0 && (
        <ul className={css.tags} aria-label="Tags">
          {tags.map((t) => (
            <li key={t.label}>
              {t.to ? (
                <Link to={t.to} className={css.tagLink}>
                  {t.label}
                </Link>
              ) : (
                <span className={css.tagLink}>{t.label}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
