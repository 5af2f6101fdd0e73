// The local seed's pictures are drawn masters (supabase/seed-art) rendered to the PNGs the seed uploads: each
// committed PNG must still be its master's rendering, at the social-card size, and small; the articles' covers are in
// article-images, the approved E-Board entry's picture in eboard-approved with its original in eboard-images.
import { readdir, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eboardImageFile } from '@pentland/enquiries';
import {
  renderSeedImage,
  seedBoardDirs,
  seedImageSize,
  seedImagesDir,
  seedMasters,
} from '../scripts/seed-images.mjs';

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

const pngsIn = async (dir: string) =>
  (await readdir(dir)).filter((f) => f.endsWith('.png')).map((f) => `${dir}/${f}`);

describe('seed pictures', () => {
  it('every PNG the seed uploads has a drawn master, and every master its PNGs', async () => {
    const committed = (await Promise.all([seedImagesDir, ...seedBoardDirs].map(pngsIn))).flat().sort();
    expect(masters.flatMap((m) => m.pngs).sort()).toEqual(committed);
  });

  it("the seed points at each article cover in article-images, and at the board's picture where moderation puts it", async () => {
    for (const png of await pngsIn(seedImagesDir))
      expect(seedSql).toContain(`/storage/v1/object/public/article-images/seed/${basename(png)}'`);
    const [pending, approved] = await Promise.all(seedBoardDirs.map(pngsIn));
    expect(pending!.map((f) => basename(f))).toEqual(approved!.map((f) => basename(f)));
    for (const png of approved!) {
      const url = `http://127.0.0.1:54321/storage/v1/object/public/eboard-approved/${basename(png)}`;
      expect(seedSql).toContain(`'${url}'`);
      // The name moderation gives a picture, so archiving and approving the seeded entry move it as any other.
      expect(eboardImageFile(url)).toBe(basename(png));
    }
  });

  it.each(
    masters.flatMap((m) =>
      m.pngs.map((png) => ({ name: png.split('/supabase/')[1]!, master: m.master, png })),
    ),
  )('$name is its master rendered at 1200×630, under 60 KB', async ({ master, png }) => {
    const committed = await readFile(png);
    const meta = await sharp(committed).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(seedImageSize);
    expect(committed.length).toBeLessThan(60 * 1024);
    expect(await difference(committed, await renderSeedImage(master))).toBeLessThan(1.5);
  });
});
