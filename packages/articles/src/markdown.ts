import { marked } from 'marked';

/**
 * A generated draft's Markdown as HTML for the editor (headings shifted so the body starts at h2, which the article
 * page's title h1 sits above). Not safe on its own: sanitise before rendering or loading it.
 */
export function markdownToHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return html.replace(/<(\/?)h1\b/g, '<$1h2');
}
