#!/usr/bin/env node
// Renders the local seed's pictures: each drawn master in supabase/seed-art (SVG, stored in the repository) to the
// PNG that supabase/seed-images/seed holds and the seed's articles and E-Board entries point to. The renderings are
// committed because `supabase seed buckets` (and the local backend, which does as it does) uploads files as they
// are; apps/web/test/seed-images.test.ts fails when one no longer matches its master.
//   pnpm --filter @pentland/web run seed-images
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const supabaseDir = fileURLToPath(new URL('../../../supabase/', import.meta.url));
export const seedArtDir = join(supabaseDir, 'seed-art');
export const seedImagesDir = join(supabaseDir, 'seed-images', 'seed');

/** Social-card size, so a seeded article's cover is also a fitting og:image. */
export const seedImageSize = { width: 1200, height: 630 };

/** One master as its seed PNG: flat colours and gentle gradients, so a light-dithered palette keeps it small. */
export function renderSeedImage(svgPath) {
  return sharp(svgPath)
    .resize(seedImageSize.width, seedImageSize.height)
    .png({ compressionLevel: 9, palette: true, quality: 100, dither: 0.3, effort: 10 })
    .toBuffer();
}

/** The masters, by the name of the PNG each becomes. */
export async function seedMasters() {
  const files = (await readdir(seedArtDir)).filter((f) => f.endsWith('.svg')).sort();
  return files.map((f) => ({
    master: join(seedArtDir, f),
    png: join(seedImagesDir, f.replace(/\.svg$/, '.png')),
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { master, png } of await seedMasters()) {
    const bytes = await renderSeedImage(master);
    await writeFile(png, bytes);
    console.log(`${png}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
