// The local seed's pictures are drawn masters (supabase/seed-art) rendered to the PNGs the seed uploads: each
// committed PNG must still be its master's rendering, at the social-card size, and small.
import { readdir, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSeedImage, seedImageSize, seedImagesDir, seedMasters } from '../scripts/seed-images.mjs';

const masters = await seedMasters();
const seedSql = await readFile(new URL('../../../supabase/seed.sql', import.meta.url), 'utf8');

/** Mean difference per channel (0–255) between two pictures of the same size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  expect(x!.length).toBe(y!.length);
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('seed pictures', () => {
  it('every PNG the seed uploads has a drawn master, and every master a PNG', async () => {
    const pngs = (await readdir(seedImagesDir)).filter((f) => f.endsWith('.png')).sort();
    expect(masters.map((m) => basename(m.png)).sort()).toEqual(pngs);
    // …and the seed points at each of them.
    for (const png of pngs) expect(seedSql).toContain(`article-images/seed/${png}`);
  });

  it.each(masters.map((m) => [basename(m.png), m]))(
    '%s is its master rendered at 1200×630, under 60 KB',
    async (_name, { master, png }) => {
      const committed = await readFile(png);
      const meta = await sharp(committed).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(seedImageSize);
      expect(committed.length).toBeLessThan(60 * 1024);
      expect(await difference(committed, await renderSeedImage(master))).toBeLessThan(1.5);
    },
  );
});
