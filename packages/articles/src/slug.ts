/** Longest slug the site accepts (the URL stays readable and fits a tweet). */
export const maxSlugLength = 80;

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for an article id (a UUID): /articles/{id} looks ids up first, so no slug may look like one. */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}

export type SlugProblem = 'empty' | 'too-long' | 'format' | 'uuid';

export const slugMessages: Record<SlugProblem, string> = {
  empty: 'Enter a slug for the article’s address.',
  'too-long': `The slug must be at most ${maxSlugLength} characters.`,
  format: 'Use lower-case letters, digits and single hyphens only (for example my-first-article).',
  uuid: 'The slug must not look like an article id.',
};

/** What is wrong with a slug the user typed, or null when it can be saved. */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length === 0) return 'empty';
  if (slug.length > maxSlugLength) return 'too-long';
  if (!slugPattern.test(slug)) return 'format';
  if (isUuid(slug)) return 'uuid';
  return null;
}

/**
 * The first free slug among `base`, `base-2`, `base-3`… given the slugs already taken (unique per site).
 * The suffix replaces the end of a base that is already at the length limit.
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const root = base || 'article';
  if (!used.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${root.slice(0, maxSlugLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
