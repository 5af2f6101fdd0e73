/** Words a reader gets through in a minute (a common figure for web reading). */
export const wordsPerMinute = 200;

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * The text of an HTML fragment, without a DOM: tags and comments dropped, block ends and line breaks become
 * spaces, common entities decoded, whitespace collapsed. Good for counting words and writing excerpts.
 */
export function plainText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|figure|figcaption|br|hr|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#') && code !== '#39') return String.fromCodePoint(Number(code.slice(1)));
      return entities[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export function wordCount(html: string): number {
  const text = plainText(html);
  return text ? text.split(' ').length : 0;
}

/** Whole minutes to read an article, at least 1. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / wordsPerMinute));
}

/** '3 min read'. */
export function readingTimeLabel(html: string): string {
  return `${readingMinutes(html)} min read`;
}

/**
 * An excerpt of the content: its text cut at a word boundary so that, with the ellipsis, it is at most `max`
 * characters. The whole text when it fits.
 */
export function excerptFrom(html: string, max = 160): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max - 1)).replace(/[\s,;:.\-–—]+$/, '')}…`;
}
