import {
  absoluteUrl,
  articlesFeed,
  brand,
  escapeHtml,
  headFor,
  siteUrl,
  type Head,
} from '@pentland/site-data';
import {
  articlePath,
  formatArticleDate,
  metaDescriptionOf,
  type Article,
  type ArticleWithAuthor,
} from './model.ts';
import type { ArticleNeighbours } from './published.ts';
import type { Sanitize } from './sanitize.ts';
import { articleShare, type ArticleShare } from './share.ts';
import { excerptFrom, readingTimeLabel } from './text.ts';

/** What the public article page renders, computed once (on the server, or in the browser on navigation). */
export interface PublicArticle {
  id: string;
  slug: string;
  path: string;
  title: string;
  /** Sanitised. */
  html: string;
  description: string;
  author: string | null;
  publishedAt: string;
  updatedAt: string;
  dateLabel: string;
  readingTime: string;
  tags: string[];
  cover: { url: string; alt: string | null } | null;
}

/** An article linked from another article's page: its title and public address. */
export interface PublicArticleLink {
  title: string;
  path: string;
}

/** The links below an article: the previous and next published articles by date, and the related ones by tag. */
export interface PublicNeighbours {
  previous: PublicArticleLink | null;
  next: PublicArticleLink | null;
  related: PublicArticleLink[];
}

/** What the article page links onwards to, from `articleNeighbours`' answer. */
export function toPublicNeighbours({ previous, next, related }: ArticleNeighbours): PublicNeighbours {
  const link = (a: Pick<Article, 'title' | 'slug'>): PublicArticleLink => ({
    title: a.title,
    path: articlePath(a),
  });
  return { previous: previous && link(previous), next: next && link(next), related: related.map(link) };
}

/** An article page's description: the SEO description, else the excerpt, else the start of its (sanitised) text. */
export function articleDescription(
  article: Pick<Article, 'seo_description' | 'excerpt'>,
  html: string,
): string {
  return metaDescriptionOf(article) ?? excerptFrom(html, 160);
}

/**
 * The public view of a published article. Stored content written before the rich editor (plain text) becomes
 * paragraphs; everything passes the sanitiser.
 */
export function toPublicArticle(article: ArticleWithAuthor, sanitize: Sanitize): PublicArticle {
  const html = publicHtml(article.content, sanitize);
  const publishedAt = article.published_at ?? article.created_at;
  return {
    id: article.id,
    slug: article.slug,
    path: articlePath(article),
    title: article.title,
    html,
    description: articleDescription(article, html),
    author: article.author?.full_name?.trim() || null,
    publishedAt,
    updatedAt: article.updated_at,
    dateLabel: formatArticleDate(publishedAt),
    readingTime: readingTimeLabel(html),
    tags: article.tags ?? [],
    cover: coverOf(article),
  };
}

/** The text as the public page shows it: stored plain text (from before the rich editor) as paragraphs, sanitised. */
export function publicHtml(content: string, sanitize: Sanitize): string {
  const raw = /<[a-z][\s\S]*>/i.test(content)
    ? content
    : content
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
        .join('');
  return sanitize(raw);
}

const coverOf = (article: Pick<Article, 'cover_image_url' | 'cover_image_alt'>) =>
  article.cover_image_url ? { url: article.cover_image_url, alt: article.cover_image_alt } : null;

/**
 * What an article's page will say about it to search engines and link previews (its head tags), from the article's
 * fields as they stand — saved or still in the editor.
 */
export function articleShareOf(
  article: Pick<
    Article,
    'title' | 'slug' | 'excerpt' | 'seo_description' | 'content' | 'cover_image_url' | 'cover_image_alt'
  >,
  sanitize: Sanitize,
): ArticleShare {
  return articleShare({
    title: article.title,
    path: articlePath(article),
    description: articleDescription(article, publicHtml(article.content, sanitize)),
    cover: coverOf(article),
  });
}

/**
 * The head of a published article's page: its title and description, the canonical link (its slug address),
 * Open Graph `article` and Twitter card tags for link previews, and `Article` JSON-LD beside the business data.
 */
export function articleHead(article: PublicArticle): Head {
  const base = headFor(article.path);
  const share = articleShare(article);
  const title = share.documentTitle;
  const canonical = share.url;
  const image = share.image;
  const drop = new Set([
    'description',
    'og:type',
    'og:title',
    'og:description',
    'og:url',
    'og:image',
    'twitter:card',
  ]);
  const meta = [
    { name: 'description', content: share.description },
    ...base.meta.filter((m) => !drop.has(m.name ?? m.property ?? '')),
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: share.title },
    { property: 'og:description', content: share.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    ...(share.imageAlt ? [{ property: 'og:image:alt', content: share.imageAlt }] : []),
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:modified_time', content: article.updatedAt },
    ...(article.author ? [{ property: 'article:author', content: article.author }] : []),
    ...article.tags.map((t) => ({ property: 'article:tag', content: t })),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: share.title },
    { name: 'twitter:description', content: share.description },
    { name: 'twitter:image', content: image },
  ];
  const graph = (base.jsonLd['@graph'] as Record<string, unknown>[]).map((node) =>
    node['@type'] === 'WebPage'
      ? {
          ...node,
          '@id': `${canonical}#webpage`,
          url: canonical,
          name: title,
          description: share.description,
        }
      : node,
  );
  graph.push({
    '@type': 'Article',
    '@id': `${canonical}#article`,
    headline: article.title.slice(0, 110),
    description: share.description,
    image: [image],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: article.author
      ? { '@type': 'Person', name: article.author }
      : { '@type': 'Organization', name: brand },
    publisher: { '@id': `${siteUrl}/#business` },
    mainEntityOfPage: { '@id': `${canonical}#webpage` },
    inLanguage: 'en-GB',
    ...(article.tags.length ? { keywords: article.tags.join(', ') } : {}),
  });
  return {
    ...base,
    title,
    description: share.description,
    canonical,
    meta,
    jsonLd: { ...base.jsonLd, '@graph': graph },
    status: 200,
  };
}

/** An Atom feed of published articles, newest first. */
export function atomFeed(articles: readonly PublicArticle[], updated = new Date()): string {
  const self = absoluteUrl(articlesFeed.path);
  const entries = articles
    .map(
      (a) => `  <entry>
    <title>${escapeHtml(a.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeHtml(absoluteUrl(a.path))}"/>
    <id>${escapeHtml(`${siteUrl}/articles/${a.id}`)}</id>
    <published>${escapeHtml(a.publishedAt)}</published>
    <updated>${escapeHtml(a.updatedAt)}</updated>
    <author><name>${escapeHtml(a.author ?? brand)}</name></author>
    <summary>${escapeHtml(a.description)}</summary>
${a.tags.map((t) => `    <category term="${escapeHtml(t)}"/>`).join('\n')}
  </entry>`,
    )
    .join('\n');
  const newest = articles[0]?.updatedAt ?? updated.toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">
  <title>${escapeHtml(articlesFeed.title)}</title>
  <link rel="self" type="application/atom+xml" href="${escapeHtml(self)}"/>
  <link rel="alternate" type="text/html" href="${escapeHtml(absoluteUrl('/'))}"/>
  <id>${escapeHtml(self)}</id>
  <updated>${escapeHtml(newest)}</updated>
${entries}
</feed>
`;
}
