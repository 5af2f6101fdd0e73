import { diffArrays } from 'diff';
import type { ArticleDraft } from './model.ts';

const scalarFields = [
  'title',
  'slug',
  'excerpt',
  'cover_image_url',
  'cover_image_alt',
  'seo_description',
] as const;

const voidElements = new Set(['img', 'br', 'hr', 'wbr', 'source', 'input', 'col', 'area', 'embed']);

/**
 * An article's HTML cut into its top-level blocks (`<p>…</p>`, `<h2>…</h2>`, `<ul>…</ul>`, `<figure>…</figure>`, a
 * lone `<img>`…), in order; their concatenation is the HTML again.
 */
export function htmlBlocks(html: string): string[] {
  const blocks: string[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const [whole, closing, name, selfClosing] = m;
    const isVoid = voidElements.has(name!.toLowerCase()) || selfClosing === '/';
    if (depth === 0 && m.index > start && html.slice(start, m.index).trim() !== '') {
      blocks.push(html.slice(start, m.index));
      start = m.index;
    }
    if (closing) depth = Math.max(0, depth - 1);
    else if (!isVoid) depth += 1;
    if (depth === 0) {
      const end = m.index + whole.length;
      blocks.push(html.slice(start, end));
      start = end;
    }
  }
  if (html.slice(start).trim() !== '') blocks.push(html.slice(start));
  return blocks;
}

/** One side's change to the common base: base items [from, to) replaced by `by`. */
interface Hunk {
  from: number;
  to: number;
  by: string[];
}

function hunks(base: string[], side: string[]): Hunk[] {
  const out: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const change of diffArrays(base, side)) {
    if (!change.added && !change.removed) {
      if (open) out.push(open);
      open = null;
      at += change.value.length;
      continue;
    }
    open ??= { from: at, to: at, by: [] };
    if (change.removed) {
      at += change.value.length;
      open.to = at;
    } else open.by.push(...change.value);
  }
  if (open) out.push(open);
  return out;
}

const sameHunk = (a: Hunk, b: Hunk) =>
  a.from === b.from && a.to === b.to && a.by.join('\u0000') === b.by.join('\u0000');

/**
 * Three-way merge of lists: both sides' changes to the base applied together, or null when they change the same
 * items (or insert different items at the same place) — then a person has to choose.
 */
export function mergeLists(base: string[], mine: string[], theirs: string[]): string[] | null {
  const all = [
    ...hunks(base, mine).map((h) => ({ ...h, side: 0 })),
    ...hunks(base, theirs).map((h) => ({ ...h, side: 1 })),
  ].sort((a, b) => a.from - b.from || a.to - a.from - (b.to - b.from) || a.side - b.side);
  const kept: Hunk[] = [];
  for (const h of all) {
    const last = kept.at(-1);
    if (last && sameHunk(last, h)) continue; // the same change made on both sides
    // Sorted by start, the kept changes never overlap, so only the last one can overlap this one: when their ranges
    // intersect, or one inserts where the other starts (which would come first is anyone's guess).
    const overlaps =
      last !== undefined &&
      ((h.from < last.to && last.from < h.to) ||
        (h.from === last.from && (h.from === h.to || last.from === last.to)));
    if (overlaps) return null;
    kept.push(h);
  }
  const out: string[] = [];
  let at = 0;
  for (const h of kept) {
    out.push(...base.slice(at, h.from), ...h.by);
    at = h.to;
  }
  out.push(...base.slice(at));
  return out;
}

/**
 * The author's version and the one saved elsewhere merged against the version both started from: each field that
 * only one side changed is taken from that side; the text is merged block by block (paragraphs, headings, lists,
 * images). Null when both changed the same field differently — the same paragraph of the text, for instance — so
 * that the author chooses instead.
 */
export function mergeArticleVersions(
  base: ArticleDraft,
  mine: ArticleDraft,
  theirs: ArticleDraft,
): ArticleDraft | null {
  const merged: ArticleDraft = { ...theirs };
  for (const field of scalarFields) {
    const [b, m, t] = [base[field], mine[field], theirs[field]];
    if (m === t || m === b) merged[field] = t as never;
    else if (t === b) merged[field] = m as never;
    else return null;
  }
  const tags = mergeLists(base.tags, mine.tags, theirs.tags);
  if (!tags) return null;
  merged.tags = tags;
  const blocks = mergeLists(htmlBlocks(base.content), htmlBlocks(mine.content), htmlBlocks(theirs.content));
  if (!blocks) return null;
  merged.content = blocks.join('');
  return merged;
}
