import anyAscii from 'any-ascii';
import { maxSlugLength } from './slug.ts';

/**
 * The slug of a title: transliterated to ASCII ('Gàidhlig ūber Straße' → 'gaidhlig-uber-strasse'), lower-case,
 * runs of anything else turned into one hyphen, cut at a word boundary to `maxSlugLength`. Empty when the title has
 * no letter or digit at all.
 */
export function slugify(title: string): string {
  const ascii = anyAscii(title.normalize('NFKC'))
    .toLowerCase()
    .replace(/['’`]+/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= maxSlugLength) return ascii;
  const cut = ascii.slice(0, maxSlugLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut.slice(0, maxSlugLength)).replace(/-+$/, '');
}
