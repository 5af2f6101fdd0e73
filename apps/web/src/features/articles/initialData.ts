import type { PublicArticle, PublicNeighbours } from '@pentland/articles';

/** A published article as its page shows it: the article and the articles it links onwards to. */
export interface ServedArticle {
  article: PublicArticle;
  neighbours: PublicNeighbours;
}

let initial: ServedArticle | null = null;

/**
 * Set by the server renderer for one synchronous render of an article's page (its page is served as islands: the
 * browser never hydrates it, so it carries no copy of this data).
 */
export function setInitialArticle(served: ServedArticle | null): void {
  initial = served;
}

/** The article being rendered on the server, if it is the one asked for (by id or slug). */
export function initialArticle(idOrSlug: string): ServedArticle | null {
  return initial && (initial.article.id === idOrSlug || initial.article.slug === idOrSlug) ? initial : null;
}
