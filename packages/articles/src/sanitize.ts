import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

/** What an article's HTML may hold: the editor's nodes and marks, nothing else. */
export const articleHtmlPolicy = {
  tags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'figure',
    'img',
    'figcaption',
    'hr',
  ],
  attributes: ['href', 'src', 'alt', 'title', 'width', 'height'],
  /** Link targets (checked in a hook, after DOMPurify's own URL rules): web, mail and phone links, same-site paths and fragments. */
  linkSchemes: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  /** Image sources: web addresses only. */
  imageSchemes: /^https?:\/\//i,
} as const;

const config: Config = {
  ALLOWED_TAGS: [...articleHtmlPolicy.tags],
  ALLOWED_ATTR: [...articleHtmlPolicy.attributes],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

export type Sanitize = (html: string) => string;

/**
 * An article HTML sanitiser over DOMPurify for a given window (the browser's, or a jsdom window on the server):
 * only the editor's tags and attributes survive; no script, event handler, style, `javascript:`/`data:` URL or
 * foreign element does. Links get `rel="noopener noreferrer nofollow"`, images lazy loading; a non-numeric
 * width or height is dropped.
 */
export function createSanitizer(window: WindowLike): Sanitize {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href !== null && !articleHtmlPolicy.linkSchemes.test(href.trim())) el.removeAttribute('href');
      if (el.hasAttribute('href')) el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (el.tagName === 'IMG') {
      const src = el.getAttribute('src')?.trim() ?? '';
      if (!articleHtmlPolicy.imageSchemes.test(src)) {
        el.remove();
        return;
      }
      for (const dim of ['width', 'height']) {
        const v = el.getAttribute(dim);
        if (v !== null && !/^\d{1,5}$/.test(v)) el.removeAttribute(dim);
      }
      el.setAttribute('loading', 'lazy');
      el.setAttribute('decoding', 'async');
    }
  });
  return (html: string) => purify.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false }) as string;
}
