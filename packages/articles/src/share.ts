import { absoluteUrl, documentTitle, siteImages } from '@pentland/site-data';

/** What an article's page says about itself to search engines and link previews. */
export interface ShareSource {
  title: string;
  /** The public address: `/articles/{slug}`. */
  path: string;
  /** The meta description (the SEO description, else the excerpt, else the start of the text). */
  description: string;
  cover: { url: string; alt: string | null } | null;
}

/**
 * Where search results and link cards cut a title or description, in characters (the platforms measure in pixels;
 * these are the lengths that fit on a typical screen).
 */
export const shareLimits = {
  search: { title: 60, description: 155 },
  facebook: { title: 88, description: 110 },
  linkedin: { title: 70, description: 100 },
  x: { title: 70, description: 200 },
} as const;

export type ShareSurface = keyof typeof shareLimits;

/** How many characters a text has against where a surface cuts it. */
export interface ShareLength {
  surface: ShareSurface;
  field: 'title' | 'description';
  length: number;
  limit: number;
  over: boolean;
}

export interface ArticleShare {
  /** The page's `<title>`: the article's title and the brand. */
  documentTitle: string;
  /** og:title and twitter:title. */
  title: string;
  /** The meta description, og:description and twitter:description. */
  description: string;
  /** The canonical address, og:url. */
  url: string;
  /** og:image and twitter:image: the cover, else the site's social card. */
  image: string;
  imageAlt: string | null;
  /** True when the article has no cover and the site's card stands in. */
  defaultImage: boolean;
  /** Every surface's title and description length against its limit; the search result measures `<title>`. */
  lengths: ShareLength[];
}

/** The large card's image shape on Facebook, LinkedIn and X (summary_large_image): 1.91 : 1, e.g. 1200 × 628. */
export const shareImageRatio = 1.91;

/**
 * The one computation of an article page's title, description, address and image for its head tags (<title>,
 * description, og:*, twitter:*) and for the editor's search and social previews.
 */
export function articleShare(article: ShareSource): ArticleShare {
  const title = article.title;
  const docTitle = documentTitle(title, '/articles/:id');
  const lengths: ShareLength[] = (Object.keys(shareLimits) as ShareSurface[]).flatMap((surface) =>
    (['title', 'description'] as const).map((field) => {
      const text = field === 'description' ? article.description : surface === 'search' ? docTitle : title;
      const limit = shareLimits[surface][field];
      return { surface, field, length: text.length, limit, over: text.length > limit };
    }),
  );
  return {
    documentTitle: docTitle,
    title,
    description: article.description,
    url: absoluteUrl(article.path),
    image: article.cover?.url ?? absoluteUrl(siteImages.social),
    imageAlt: article.cover?.alt ?? null,
    defaultImage: !article.cover,
    lengths,
  };
}

/** A text as a surface shows it: cut at a word before its limit, with an ellipsis. */
export function truncateFor(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = /\s/.test(text.charAt(limit - 1)) ? cut.length : cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/, '')}…`;
}
