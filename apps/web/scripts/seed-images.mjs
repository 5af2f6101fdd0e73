#!/usr/bin/env node
// Renders the local seed's pictures: each drawn master in supabase/seed-art (SVG, stored in the repository) to the
// PNGs the seed's articles and E-Board entry point to — an article's cover in supabase/seed-images/seed (bucket
// article-images), the approved entry's picture where an approved entry's lives: its original in
// supabase/seed-board/uploads/pending (eboard-images) and its published copy in supabase/seed-board/approved
// (eboard-approved), under the file name seed.sql gives it. The renderings are committed because `supabase seed
// buckets` (and the local backend, which does as it does) uploads files as they are;
// apps/web/test/seed-images.test.ts fails when one no longer matches its master.
//   pnpm --filter @pentland/web run seed-images
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const supabaseDir = fileURLToPath(new URL('../../../supabase/', import.meta.url));
export const seedArtDir = join(supabaseDir, 'seed-art');
export const seedImagesDir = join(supabaseDir, 'seed-images', 'seed');
export const seedBoardDirs = [
  join(supabaseDir, 'seed-board', 'uploads', 'pending'),
  join(supabaseDir, 'seed-board', 'approved'),
];

/** The seed's E-Board pictures: master name → the entry's file name (as moderation names a picture, `<uuid>.<ext>`). */
const boardPictures = { 'highland-connectivity': 'c0a5e7b2-5d1f-4e8a-9b3c-7f2e4d6a8b10.png' };

/** Social-card size, so a seeded article's cover is also a fitting og:image. */
export const seedImageSize = { width: 1200, height: 630 };

/** One master as its seed PNG: flat colours and gentle gradients, so a light-dithered palette keeps it small. */
export function renderSeedImage(svgPath) {
  return sharp(svgPath)
    .resize(seedImageSize.width, seedImageSize.height)
    .png({ compressionLevel: 9, palette: true, quality: 100, dither: 0.3, effort: 10 })
    .toBuffer();
}

/** The masters, each with the PNGs it becomes. */
export async function seedMasters() {
  const files = (await readdir(seedArtDir)).filter((f) => f.endsWith('.svg')).sort();
  return files.map((f) => {
    const name = f.replace(/\.svg$/, '');
    const board = boardPictures[name];
    return {
      master: join(seedArtDir, f),
      pngs: board ? seedBoardDirs.map((dir) => join(dir, board)) : [join(seedImagesDir, `${name}.png`)],
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { master, pngs } of await seedMasters()) {
    const bytes = await renderSeedImage(master);
    for (const png of pngs) {
      await writeFile(png, bytes);
      console.log(`${png}  ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  }
}
