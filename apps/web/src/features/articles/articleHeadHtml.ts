import { articleHead, blogHead, type BlogPage, type PublicArticle } from '@pentland/articles';
import { headAttribute, headToHtml, type Head } from '@pentland/site-data';

/** Replaces the page's head tags with `head`'s. */
function applyHeadTags(head: Head): void {
  const template = document.createElement('template');
  template.innerHTML = headToHtml(head);
  for (const old of Array.from(document.head.querySelectorAll(`[${headAttribute}]`))) old.remove();
  document.head.append(template.content);
}

/**
 * Replaces the page's head tags with an article's (title, OG, Twitter, JSON-LD). Loaded on demand by named
 * imports: a dynamic import of a package's barrel would keep every export of it in the shared chunks.
 */
export function applyArticleHead(article: PublicArticle): void {
  applyHeadTags(articleHead(article));
}

/** Replaces the page's head tags with a blog page's (its canonical address, prev/next, Blog and ItemList JSON-LD). */
export function applyBlogHead(blog: BlogPage): void {
  applyHeadTags(blogHead(blog));
}
