import { headAttribute, headFor, headToHtml } from '@pentland/site-data';

/**
 * Replaces the head tags of the previous page with those of `path`. The prerendered HTML carries the same
 * tags (marked `data-head`), so the first call on a prerendered page swaps them for identical ones.
 */
export function applyHead(path: string, doc: Document = document): void {
  const template = doc.createElement('template');
  template.innerHTML = headToHtml(headFor(path));
  for (const old of Array.from(doc.head.querySelectorAll(`[${headAttribute}]`))) old.remove();
  doc.head.append(template.content);
}
