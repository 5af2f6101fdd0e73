import { absoluteUrl, brand, documentTitle, headFor, siteUrl, type Head } from '@pentland/site-data';
import {
  articleLimits,
  articlePath,
  formatArticleDate,
  metaDescriptionOf,
  type ArticleWithAuthor,
} from './model.ts';
import { cardCoverSrcSet } from './images.ts';
import { excerptFrom, readingTimeLabel } from './text.ts';

/** The blog index: every published article, newest first. */
export const blogPath = '/articles';

/** Articles on one page of the blog index. */
export const blogPageSize = 12;

/** A page of the blog index: all articles or those with one tag, and the 1-based page number. */
export interface BlogQuery {
  tag: string | null;
  page: number;
}

/**
 * The blog page an address asks for (`?tag=` and `?page=`), or null when it cannot name one: a page that is not a
 * whole number from 1 (`-1`, `abc`, `1.5`, `01`) or a tag longer than any article's may be. A blank tag is no tag.
 */
export function parseBlogQuery(search: string | URLSearchParams): BlogQuery | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const pageParam = params.get('page');
  if (pageParam !== null && !/^[1-9]\d{0,6}$/.test(pageParam)) return null;
  const tag = params.get('tag')?.trim() || null;
  if (tag && tag.length > articleLimits.tag) return null;
  return { tag, page: pageParam === null ? 1 : Number(pageParam) };
}

/** The address of a blog page: `/articles`, `/articles?tag=cloud`, `/articles?tag=cloud&page=2` (page 1 bare). */
export function blogHref({ tag, page }: BlogQuery): string {
  const params = new URLSearchParams();
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${blogPath}?${query}` : blogPath;
}

/** The address of the articles with a tag. */
export const tagHref = (tag: string): string => blogHref({ tag, page: 1 });

/** One article as the blog index lists it. */
export interface BlogCard {
  id: string;
  title: string;
  path: string;
  excerpt: string;
  author: string | null;
  publishedAt: string;
  dateLabel: string;
  readingTime: string;
  tags: string[];
  cover: CardCover | null;
}

/** A card's cover: the stored image, and card-size renderings of it when Storage makes them. */
export interface CardCover {
  url: string;
  alt: string | null;
  srcSet?: string;
}

export interface CardCoverOptions {
  /**
   * Whether the project serves Storage's image transformations (the local backend does; on hosted Supabase they
   * come with the Pro plan). Without them a card shows the stored image as it is.
   */
  transformations?: boolean;
}

/** An article's cover as a card shows it, or null when it has none. */
export function cardCover(
  article: { cover_image_url: string | null; cover_image_alt: string | null },
  { transformations = true }: CardCoverOptions = {},
): CardCover | null {
  if (!article.cover_image_url) return null;
  const srcSet = transformations ? cardCoverSrcSet(article.cover_image_url) : undefined;
  return { url: article.cover_image_url, alt: article.cover_image_alt, ...(srcSet ? { srcSet } : {}) };
}

/** A published article (with its content, for the reading time) as a card of the blog index. */
export function toBlogCard(article: ArticleWithAuthor, options?: CardCoverOptions): BlogCard {
  const publishedAt = article.published_at ?? article.created_at;
  return {
    id: article.id,
    title: article.title,
    path: articlePath(article),
    excerpt: metaDescriptionOf(article) ?? excerptFrom(article.content ?? '', 160),
    author: article.author?.full_name?.trim() || null,
    publishedAt,
    dateLabel: formatArticleDate(publishedAt),
    readingTime: readingTimeLabel(article.content ?? ''),
    tags: article.tags ?? [],
    cover: cardCover(article, options),
  };
}

/** A page of the blog index as shown: the cards, how many articles match and how many pages they fill. */
export interface BlogPage {
  query: BlogQuery;
  cards: BlogCard[];
  total: number;
  pageCount: number;
}

/** Pages the matching articles fill (at least one, which may be empty). */
export const blogPageCount = (total: number): number => Math.max(1, Math.ceil(total / blogPageSize));

/** Whether a page number is past the last page (such an address is not found). */
export const isPastLastPage = (page: number, total: number): boolean => page > blogPageCount(total);

/** The page's heading: 'Articles', or the tag's. */
export const blogHeading = (tag: string | null): string => (tag ? `Articles tagged “${tag}”` : 'Articles');

/**
 * The head of a blog page: its title and canonical address (page 1 without `?page=1`), `prev`/`next` links, and
 * `Blog` and `ItemList` JSON-LD of the listed articles beside the business data. A tag with no article is not indexed.
 */
export function blogHead(blog: BlogPage): Head {
  const { query, cards, total, pageCount } = blog;
  const base = headFor(blogPath);
  const href = blogHref(query);
  const canonical = `${siteUrl}${href}`;
  const plain = !query.tag && query.page === 1;
  const pageTitle = `${blogHeading(query.tag)}${query.page > 1 ? ` – page ${query.page}` : ''}`;
  const title = plain ? base.title : documentTitle(pageTitle, blogPath);
  const description = query.tag
    ? `Articles from ${brand} tagged “${query.tag}”: cloud, IT and technology in the Highlands.`
    : base.description;
  const noIndex = query.tag !== null && total === 0;
  const replaced: Record<string, string> = {
    description,
    robots: noIndex ? 'noindex, follow' : 'index, follow',
    'og:title': title,
    'og:description': description,
    'og:url': canonical,
  };
  const meta = base.meta.map((m) => {
    const key = m.name ?? m.property ?? '';
    return key in replaced ? { ...m, content: replaced[key]! } : m;
  });
  const links = [...base.links];
  if (query.page > 1)
    links.push({ rel: 'prev', href: `${siteUrl}${blogHref({ ...query, page: query.page - 1 })}` });
  if (query.page < pageCount)
    links.push({ rel: 'next', href: `${siteUrl}${blogHref({ ...query, page: query.page + 1 })}` });
  const blogId = `${absoluteUrl(blogPath)}#blog`;
  const graph = (base.jsonLd['@graph'] as Record<string, unknown>[]).map((node) =>
    node['@type'] === 'WebPage'
      ? {
          ...node,
          '@type': 'CollectionPage',
          '@id': `${canonical}#webpage`,
          url: canonical,
          name: title,
          description,
          mainEntity: { '@id': `${canonical}#list` },
        }
      : node,
  );
  graph.push(
    {
      '@type': 'Blog',
      '@id': blogId,
      url: absoluteUrl(blogPath),
      name: `${brand} articles`,
      inLanguage: 'en-GB',
      publisher: { '@id': `${siteUrl}/#business` },
      blogPost: cards.map((c) => ({
        '@type': 'BlogPosting',
        '@id': `${absoluteUrl(c.path)}#article`,
        headline: c.title.slice(0, 110),
        url: absoluteUrl(c.path),
        datePublished: c.publishedAt,
        description: c.excerpt,
        author: c.author ? { '@type': 'Person', name: c.author } : { '@type': 'Organization', name: brand },
        ...(c.cover ? { image: c.cover.url } : {}),
        ...(c.tags.length ? { keywords: c.tags.join(', ') } : {}),
      })),
    },
    {
      '@type': 'ItemList',
      '@id': `${canonical}#list`,
      itemListOrder: 'https://schema.org/ItemListOrderDescending',
      numberOfItems: cards.length,
      itemListElement: cards.map((c, i) => ({
        '@type': 'ListItem',
        position: (query.page - 1) * blogPageSize + i + 1,
        url: absoluteUrl(c.path),
        name: c.title,
      })),
    },
  );
  return {
    ...base,
    title,
    description,
    canonical,
    meta,
    links,
    jsonLd: { ...base.jsonLd, '@graph': graph },
    status: 200,
  };
}
