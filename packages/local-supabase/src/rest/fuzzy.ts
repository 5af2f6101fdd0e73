/**
 * The fuzzy string search PostgREST uses for its "Perhaps you meant …" hints (the fuzzyset algorithm): candidates
 * scored by the cosine similarity of their character 3-grams (then 2-grams when no 3-gram matches), the best 50
 * rescored by normalised Levenshtein similarity. An exact match, ignoring case, scores 1.
 */

/** Lower case; only letters, digits, spaces and commas; enclosed in hyphens. */
const padded = (s: string): string => `-${s.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '')}-`;

function gramCounts(s: string, size: number): Map<string, number> {
  const text = padded(s);
  const out = new Map<string, number>();
  for (let i = 0; i + size <= text.length; i++) {
    const gram = text.slice(i, i + size);
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

const magnitude = (v: Map<string, number>): number =>
  Math.sqrt([...v.values()].reduce((sum, n) => sum + n * n, 0));

/** 1 − distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function levenshteinSimilarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length);
}

/** Every candidate scoring at least `minScore`, best first (as fuzzyset's `getWithMinScore`). */
export function fuzzyMatches(candidates: string[], query: string, minScore: number): [number, string][] {
  const byKey = new Map<string, string>();
  for (const c of candidates) if (!byKey.has(c.toLowerCase())) byKey.set(c.toLowerCase(), c);
  const key = query.toLowerCase();
  const exact = byKey.get(key);
  if (exact !== undefined) return [[1, exact]];
  for (const size of [3, 2]) {
    const q = gramCounts(key, size);
    const qMagnitude = magnitude(q);
    const scored: [number, string][] = [];
    for (const entry of byKey.keys()) {
      const grams = gramCounts(entry, size);
      let dot = 0;
      for (const [gram, n] of q) dot += n * (grams.get(gram) ?? 0);
      if (dot > 0) scored.push([dot / (qMagnitude * magnitude(grams)), entry]);
    }
    const ranked = scored
      .sort((a, b) => b[0] - a[0])
      .slice(0, 50)
      .map(([, entry]): [number, string] => [levenshteinSimilarity(key, entry), entry])
      .sort((a, b) => b[0] - a[0])
      .filter(([score]) => score >= minScore);
    if (ranked.length) return ranked.map(([score, entry]) => [score, byKey.get(entry)!]);
  }
  return [];
}

/** The best candidate scoring at least `minScore` (fuzzyset's `getOne` uses 0.33). */
export const fuzzyBest = (candidates: string[], query: string, minScore = 0.33): string | null =>
  fuzzyMatches(candidates, query, minScore)[0]?.[1] ?? null;
