import { articleHead, type PublicArticle } from '@pentland/articles';
import { headAttribute, headToHtml } from '@pentland/site-data';

/**
 * Replaces the page's head tags with an article's (title, OG, Twitter, JSON-LD). Loaded on demand by named
 * imports: a dynamic import of a package's barrel would keep every export of it in the shared chunks.
 */
export function applyArticleHead(article: PublicArticle): void {
  const template = document.createElement('template');
  template.innerHTML = headToHtml(articleHead(article));
  for (const old of Array.from(document.head.querySelectorAll(`[${headAttribute}]`))) old.remove();
  document.head.append(template.content);
}
