import type { PublicArticle, PublicNeighbours } from '@pentland/articles';

/** A published article as its page shows it: the article and the articles it links onwards to. */
export interface ServedArticle {
  article: PublicArticle;
  neighbours: PublicNeighbours;
}

/** The id of the `<script type="application/json">` that carries a server-rendered article to the browser. */
export const articleDataId = 'article-data';

let initial: ServedArticle | null = null;

/** Set by the server renderer before rendering, and by the browser from the served page before hydrating. */
export function setInitialArticle(served: ServedArticle | null): void {
  initial = served;
}

/**
 * The server-rendered article, if it is the one asked for (by id or slug). It is the data of the page as served, for
 * hydrating that page only: once shown, `forgetInitialArticle` drops it, so a later visit within the app asks the
 * backend again (the article may have been unpublished or deleted meanwhile).
 */
export function initialArticle(idOrSlug: string): ServedArticle | null {
  return initial && (initial.article.id === idOrSlug || initial.article.slug === idOrSlug) ? initial : null;
}

/** Reads the article the server embedded in the page, if any. */
export function readEmbeddedArticle(doc: Document = document): void {
  const el = doc.getElementById(articleDataId);
  if (!el?.textContent) return;
  try {
    setInitialArticle(JSON.parse(el.textContent) as ServedArticle);
  } catch {
    setInitialArticle(null);
  }
}

/** Drops the served article (see `initialArticle`). */
export function forgetInitialArticle(): void {
  initial = null;
}
