// Server-side pieces that need Node: the sanitiser on a jsdom window. Import from '@pentland/articles/server'.
import { JSDOM } from 'jsdom';
import { createSanitizer, type Sanitize } from './sanitize.ts';

let sanitize: Sanitize | undefined;

/** The article sanitiser on one jsdom window, created on first use and shared. */
export function serverSanitizer(): Sanitize {
  sanitize ??= createSanitizer(new JSDOM('').window as unknown as Parameters<typeof createSanitizer>[0]);
  return sanitize;
}
