import { createSanitizer, type Sanitize } from '@pentland/articles';

let sanitize: Sanitize | undefined;

/** The article sanitiser on the browser's window (DOMPurify), created on first use. */
export function browserSanitizer(): Sanitize {
  sanitize ??= createSanitizer(window as unknown as Parameters<typeof createSanitizer>[0]);
  return sanitize;
}
