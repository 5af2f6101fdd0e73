import type { PublicArticle } from '@pentland/articles';

/** The id of the `<script type="application/json">` that carries a server-rendered article to the browser. */
export const articleDataId = 'article-data';

let initial: PublicArticle | null = null;

/** Set by the server renderer before rendering, and by the browser from the served page before hydrating. */
export function setInitialArticle(article: PublicArticle | null): void {
  initial = article;
}

/**
 * The server-rendered article, if it is the one asked for (by id or slug). It is the data of the page as served, for
 * hydrating that page only: once shown, `forgetInitialArticle` drops it, so a later visit within the app asks the
 * backend again (the article may have been unpublished or deleted meanwhile).
 */
export function initialArticle(idOrSlug: string): PublicArticle | null {
  return initial && (initial.id === idOrSlug || initial.slug === idOrSlug) ? initial : null;
}

/** Reads the article the server embedded in the page, if any. */
export function readEmbeddedArticle(doc: Document = document): void {
  const el = doc.getElementById(articleDataId);
  if (!el?.textContent) return;
  try {
    setInitialArticle(JSON.parse(el.textContent) as PublicArticle);
  } catch {
    setInitialArticle(null);
  }
}

/** Drops the served article (see `initialArticle`). */
export function forgetInitialArticle(): void {
  initial = null;
}
