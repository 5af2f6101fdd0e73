// Renders the site's pictures at build time: every master in apps/web/images (drawn SVG, stored in the repository)
// at each width and format that site-data's image sets name, with sharp. Emitted into the client build as
// /images/<master>-<width>.<ext>; served on request by the dev server. Renderings are cached on disk by the
// master's content and the encoding, so a rebuild costs nothing when no master changed.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const encoders = {
  avif: (img) => img.avif({ quality: 55, effort: 4 }),
  webp: (img) => img.webp({ quality: 78, effort: 5 }),
  jpeg: (img) => img.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
  png: (img) => img.png({ compressionLevel: 9, palette: true, quality: 90 }),
};
const mime = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
const ext = (format) => (format === 'jpeg' ? 'jpg' : format);

/** Every file an image set renders to: its address and how to make it. */
export function renderings(sets) {
  return sets.flatMap((set) =>
    [...set.formats, set.fallback].flatMap((format) =>
      set.widths.map((width) => ({
        set,
        width,
        format,
        fileName: `images/${set.master}-${width}.${ext(format)}`,
      })),
    ),
  );
}

/**
 * @param {{ sets: readonly import('@pentland/site-data').ImageSet[], mastersDir: string, cacheDir: string }} options
 * @returns {import('vite').Plugin}
 */
export function siteImagesPlugin({ sets, mastersDir, cacheDir }) {
  const all = renderings(sets);
  const byPath = new Map(all.map((r) => [`/${r.fileName}`, r]));

  async function render({ set, width, format }) {
    const master = await readFile(join(mastersDir, `${set.master}.svg`));
    const key = createHash('sha256')
      .update(master)
      .update(JSON.stringify([width, format, set.width, sharp.versions.sharp, encoders[format].toString()]))
      .digest('hex')
      .slice(0, 24);
    const cached = join(cacheDir, `${set.master}-${width}-${key}.${ext(format)}`);
    try {
      return await readFile(cached);
    } catch {
      // not rendered yet
    }
    // Rasterise the vector master at the density that gives the wanted width directly (sharp reads SVG at 72 dpi).
    const density = Math.max(72, (72 * width) / set.width);
    const out = await encoders[format](sharp(master, { density }).resize(width)).toBuffer();
    await mkdir(cacheDir, { recursive: true });
    await writeFile(cached, out);
    return out;
  }

  let ssr = false;
  return {
    name: 'pentland-site-images',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async generateBundle() {
      if (ssr) return;
      const files = await Promise.all(
        all.map(async (r) => ({ fileName: r.fileName, source: await render(r) })),
      );
      for (const f of files) this.emitFile({ type: 'asset', ...f });
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const r = byPath.get((req.url ?? '').split('?')[0]);
        if (!r) return next();
        try {
          const body = await render(r);
          res.writeHead(200, { 'Content-Type': mime[r.format], 'Content-Length': body.length }).end(body);
        } catch (err) {
          next(err);
        }
      });
    },
  };
}
