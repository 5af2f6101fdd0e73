import {
  allowedImageTypes,
  imageProblem,
  imageProblemMessage,
  parseTags,
  type Article,
} from '@pentland/articles';

/** The editor's fields as typed (the tags as one comma-separated text). */
export interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  cover_image_url: string;
  cover_image_alt: string;
  tags: string;
  seo_description: string;
}

export const emptyDraft: Draft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  cover_image_url: '',
  cover_image_alt: '',
  tags: '',
  seo_description: '',
};

export const draftOf = (a: Article): Draft => ({
  title: a.title,
  slug: a.slug,
  excerpt: a.excerpt ?? '',
  content: a.content,
  cover_image_url: a.cover_image_url ?? '',
  cover_image_alt: a.cover_image_alt ?? '',
  tags: a.tags.join(', '),
  seo_description: a.seo_description ?? '',
});

/** The row a draft saves as: trimmed, empty texts as null, the tags parsed. */
export const rowOf = (d: Draft) => ({
  title: d.title.trim(),
  slug: d.slug,
  excerpt: d.excerpt.trim() || null,
  content: d.content,
  cover_image_url: d.cover_image_url || null,
  cover_image_alt: d.cover_image_alt.trim() || null,
  tags: parseTags(d.tags),
  seo_description: d.seo_description.trim() || null,
});

/** Where the browser keeps a draft's changes that have not reached the server. */
export const draftStorageKey = (id: string) => `article-draft:${id}`;

/**
 * The version of the article those changes are based on (the last one this browser loaded or saved), so that
 * changes restored after a reload are not saved over a version saved elsewhere in the meantime.
 */
export function keepDraftBase(id: string, version: number): void {
  try {
    localStorage.setItem(`${draftStorageKey(id)}:version`, String(version));
  } catch {
    // storage unavailable: restored changes are then based on the version loaded
  }
}

export function readDraftBase(id: string): number | null {
  try {
    const n = Number(localStorage.getItem(`${draftStorageKey(id)}:version`) ?? NaN);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export const imageAccept = allowedImageTypes.join(',');
export const imageHint = 'PNG, JPEG, GIF, WebP or AVIF, up to 5 MB. Large photos are scaled down to 2000 px.';
export const checkImage = (f: { type: string; size: number; name: string }) => {
  const p = imageProblem(f);
  return p ? imageProblemMessage(p, `“${f.name}”`) : null;
};
export const unreadableImage = () => imageProblemMessage('unreadable');

/** A local time for <input type="datetime-local">. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
