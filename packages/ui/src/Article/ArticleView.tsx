import type { ReactNode } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import * as css from './Article.css.ts';

export interface ArticleViewProps {
  title: string;
  /** Already sanitised HTML (the app sanitises it, e.g. with the articles package's createSanitizer). */
  html: string;
  author?: string | null;
  /** ISO time of publication, and how to show it ('23 November 2026'). */
  publishedAt?: string | null;
  dateLabel?: string;
  readingTime?: string;
  tags?: readonly string[];
  cover?: { url: string; alt?: string | null } | null;
  /** Above the title (a breadcrumb, a 'Preview' badge). */
  eyebrow?: ReactNode;
}

/** An article as readers see it: title, byline (author, date, reading time), tags, cover and the rich text. */
export function ArticleView({
  title,
  html,
  author,
  publishedAt,
  dateLabel,
  readingTime,
  tags = [],
  cover,
  eyebrow,
}: ArticleViewProps) {
  return (
    <article className={css.article}>
      <header className={css.header}>
        {eyebrow}
        <h1 className={css.title}>{title}</h1>
        <p className={css.meta}>
          {author && <span>By {author}</span>}
          {publishedAt && dateLabel && <time dateTime={publishedAt}>{dateLabel}</time>}
          {readingTime && <span>{readingTime}</span>}
        </p>
        {tags.length > 0 && (
          <ul className={css.tags} aria-label="Tags">
            {tags.map((t) => (
              <li key={t}>
                <Badge tone="neutral">{t}</Badge>
              </li>
            ))}
          </ul>
        )}
      </header>
      {cover && (
        <img
          className={css.cover}
          src={cover.url}
          alt={cover.alt ?? ''}
          width={1200}
          height={675}
          fetchPriority="high"
        />
      )}
      {/* The HTML is sanitised by the caller with the article policy. */}
      <div className={css.prose} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
