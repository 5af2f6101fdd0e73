/** The bucket article images live in. */
export const articleImagesBucket = 'article-images';

/** Cache-Control max-age of uploaded images, in seconds (one hour). */
export const imageCacheControl = '3600';

/** What the bucket accepts (its migration says the same, and refuses anything else). */
export const allowedImageTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;
export type ImageType = (typeof allowedImageTypes)[number];

/** The bucket's size limit: 5 MB. */
export const maxImageBytes = 5 * 1024 * 1024;

/** Photos are scaled down in the browser until their longest side is at most this many pixels. */
export const maxImageSide = 2000;

/** File extensions per accepted type, for a file whose name has none. */
const extensionByType: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export function isAllowedImageType(type: string): type is ImageType {
  return (allowedImageTypes as readonly string[]).includes(type);
}

/** `unreadable`: the browser could not decode the bytes as a picture, whatever the file's name and type claim. */
export type ImageProblem = 'type' | 'size' | 'empty' | 'unreadable';

export function imageProblemMessage(problem: ImageProblem, name = 'The file'): string {
  switch (problem) {
    case 'type':
      return `${name} is not an image the site accepts. Use PNG, JPEG, GIF, WebP or AVIF.`;
    case 'size':
      return `${name} is larger than ${maxImageBytes / 1024 / 1024} MB. Choose a smaller image.`;
    case 'empty':
      return `${name} is empty.`;
    case 'unreadable':
      return 'This file is not a picture we can use — choose a PNG, JPEG, GIF, WebP or AVIF image.';
  }
}

/**
 * What keeps a file from being uploaded, checked before any upload (the bucket checks again).
 * `size` is the size that would be uploaded, i.e. after any downscaling.
 */
export function imageProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!isAllowedImageType(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxImageBytes) return 'size';
  return null;
}

/** The extension of a file name, lower-case, without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  const ext = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

export interface ImageNameOptions {
  /** Replaces the time at the start of the name (letters, digits and hyphens are kept). */
  prefix?: string;
  /** The current time, in ms (default `Date.now()`). */
  now?: number;
  /** The random part (default: 10 characters from `crypto.getRandomValues`). */
  random?: string;
  /** Used when the original name has no extension. */
  type?: string;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(length = 10): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The stored name of an uploaded image: an optional prefix or else the current time, a random string and
 * the original file's extension — `1763900000000-k3j9x0q2ma.jpg`, `cover-k3j9x0q2ma.png`.
 */
export function imageFileName(originalName: string, options: ImageNameOptions = {}): string {
  const prefix = options.prefix?.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  const start = prefix || String(options.now ?? Date.now());
  const random = options.random ?? randomString();
  const ext =
    extensionOf(originalName) ||
    (options.type && isAllowedImageType(options.type) ? extensionByType[options.type] : '');
  return ext ? `${start}-${random}.${ext}` : `${start}-${random}`;
}

/** The object a public URL points at: its last path segment, decoded: an image is removed by that name. */
export function objectNameFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  const last = pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return null;
  }
}

/** True when a URL is a public object URL of the article-images bucket (on any Supabase host). */
export function isArticleImageUrl(url: string): boolean {
  return url.includes(`/storage/v1/object/public/${articleImagesBucket}/`);
}

/**
 * The widths a card's cover is rendered at, for its `srcset`: a third of a desktop row at 1× and 2×, and a phone's
 * one column (about 22 rem) at the 1.75–3× of phones.
 */
export const cardCoverWidths = [480, 720, 960] as const;

/**
 * An article-images cover cropped to a card's 16:9 at each of `cardCoverWidths`, as a `srcset`: Storage's image
 * transformations (/storage/v1/render/image/public/…, the same path and host as the object), which answer in WebP to
 * a browser that takes it. A seeded cover is a 1200 × 630 PNG of 11–25 KB; at 720 px wide it is 7–10 KB. Undefined
 * for an image stored anywhere else, or a URL that is not one.
 */
export function cardCoverSrcSet(url: string): string | undefined {
  if (!isArticleImageUrl(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  parsed.pathname = parsed.pathname.replace('/storage/v1/object/public/', '/storage/v1/render/image/public/');
  return cardCoverWidths
    .map((width) => {
      parsed.search = new URLSearchParams({
        width: String(width),
        height: String(Math.round((width * 9) / 16)),
        resize: 'cover',
      }).toString();
      return `${parsed.href} ${width}w`;
    })
    .join(', ');
}

/** The article-images URLs an article uses: its cover and every `<img src>` of its content, without repeats. */
export function articleImageUrls(article: { content: string; cover_image_url: string | null }): string[] {
  const urls = new Set<string>();
  if (article.cover_image_url && isArticleImageUrl(article.cover_image_url))
    urls.add(article.cover_image_url);
  for (const m of article.content.matchAll(/<img\b[^>]*?\ssrc\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const src = (m[2] ?? m[3] ?? '').replace(/&amp;/g, '&');
    if (isArticleImageUrl(src)) urls.add(src);
  }
  return [...urls];
}

/**
 * Content with every `src` of one image address pointing at another, as `articleImageUrls` reads them (the address
 * as written, or with `&` escaped as `&amp;`).
 */
export function replaceImageUrl(content: string, from: string, to: string): string {
  const escapedFrom = from.replace(/&/g, '&amp;');
  const escapedTo = to.replace(/&/g, '&amp;');
  let out = content.split(from).join(to);
  if (escapedFrom !== from) out = out.split(escapedFrom).join(escapedTo);
  return out;
}

/** Scale that brings an image's longest side down to `maxImageSide` (1 when it is already small enough). */
export function downscaleFactor(width: number, height: number, maxSide = maxImageSide): number {
  const longest = Math.max(width, height);
  return longest > maxSide ? maxSide / longest : 1;
}
