import Konva from 'konva';
import type { PDFFont } from 'pdf-lib';
import {
  boundingBox,
  mmToPoints,
  pagePixels,
  pagePoints,
  pageSize,
  type Layer,
  type PosterDocument,
  type TextLayer,
} from '@pentland/poster';
import { fontFiles, fontKey, loadPosterFonts, type FontKey } from './fonts.ts';
import { drawPoster, textLines, type PosterAssets } from './render.ts';

export const PRINT_DPI = 300;

/** The page drawn on a canvas of exactly `pagePixels(page, dpi)`. */
async function renderCanvas(
  doc: PosterDocument,
  assets: PosterAssets,
  dpi: number,
  skip?: (layer: Layer) => boolean,
): Promise<HTMLCanvasElement> {
  await loadPosterFonts();
  const px = pagePixels(doc.page, dpi);
  const mm = pageSize(doc.page);
  const stage = new Konva.Stage({
    container: document.createElement('div'),
    width: px.width,
    height: px.height,
  });
  try {
    stage.scale({ x: px.width / mm.width, y: px.height / mm.height });
    const layer = new Konva.Layer({ listening: false });
    stage.add(layer);
    drawPoster(layer, doc, assets, skip);
    return stage.toCanvas({ pixelRatio: 1 });
  } finally {
    stage.destroy();
  }
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> =>
  new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error(`The browser could not encode ${type}.`))),
      type,
      quality,
    ),
  );

// ——— PNG with its print resolution recorded (a pHYs chunk), so print software sizes it right ———

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Inserts a pHYs chunk (pixels per metre) after the IHDR chunk of a PNG. */
export function withPngDpi(png: Uint8Array, dpi: number): Uint8Array {
  const ppm = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(21);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // 'pHYs'
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  const ihdrEnd = 8 + 8 + 13 + 4;
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, ihdrEnd));
  out.set(chunk, ihdrEnd);
  out.set(png.subarray(ihdrEnd), ihdrEnd + chunk.length);
  return out;
}

/** The poster as a PNG at `dpi` (300: A4 portrait is 2480 × 3508 pixels). */
export async function exportPng(doc: PosterDocument, assets: PosterAssets, dpi = PRINT_DPI): Promise<Blob> {
  const canvas = await renderCanvas(doc, assets, dpi);
  const png = new Uint8Array(await (await toBlob(canvas, 'image/png')).arrayBuffer());
  return new Blob([withPngDpi(png, dpi) as BlobPart], { type: 'image/png' });
}

// ——— PDF: one page of the paper size; text as real text in the embedded Inter, the rest at 300 dpi ———

const overlaps = (a: ReturnType<typeof boundingBox>, b: ReturnType<typeof boundingBox>) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Text layers that can be drawn as PDF text over the picture: visible, and not covered by a later (higher)
 * picture layer. Covered ones stay in the picture so the stacking order is kept.
 */
export function vectorTextLayers(doc: PosterDocument): TextLayer[] {
  return doc.layers.filter((layer, i): layer is TextLayer => {
    if (layer.kind !== 'text' || layer.hidden) return false;
    const box = boundingBox(layer);
    return !doc.layers
      .slice(i + 1)
      .some((above) => above.kind !== 'text' && !above.hidden && overlaps(box, boundingBox(above)));
  });
}

const channels = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
];

/** The poster as a one-page PDF of its paper size, fonts embedded (subset). */
export async function exportPdf(
  doc: PosterDocument,
  assets: PosterAssets,
  options: { title?: string; dpi?: number } = {},
): Promise<Blob> {
  const vector = vectorTextLayers(doc);
  const vectorIds = new Set(vector.map((l) => l.id));
  const canvas = await renderCanvas(doc, assets, options.dpi ?? PRINT_DPI, (l) => vectorIds.has(l.id));
  // pdf-lib and fontkit (~1 MB) load only when a PDF is made, not with the editor.
  const [jpeg, { PDFDocument, degrees, rgb }, { default: fontkit }] = await Promise.all([
    toBlob(canvas, 'image/jpeg', 0.92).then((b) => b.arrayBuffer()),
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
  ]);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(options.title ?? 'Poster');
  pdf.setCreator('Pentland Cloud poster creator');
  pdf.setProducer('pdf-lib');
  const size = pagePoints(doc.page);
  const page = pdf.addPage([size.width, size.height]);
  page.drawImage(await pdf.embedJpg(jpeg), { x: 0, y: 0, width: size.width, height: size.height });

  const fonts = new Map<FontKey, Promise<PDFFont>>();
  const font = (key: FontKey) => {
    let f = fonts.get(key);
    if (!f) {
      f = fetch(fontFiles[key])
        .then((r) => {
          if (!r.ok) throw new Error(`The poster font ${key} did not load (${r.status}).`);
          return r.arrayBuffer();
        })
        .then((bytes) => pdf.embedFont(bytes, { subset: true }));
      fonts.set(key, f);
    }
    return f;
  };
  for (const layer of vector) {
    const f = await font(fontKey(layer));
    const r = (layer.rotation * Math.PI) / 180;
    for (const line of textLines(layer, (s) => f.widthOfTextAtSize(s, 1))) {
      if (!line.text) continue;
      // The line's baseline start, from the layer's frame (rotated about its top-left corner) to the page.
      const x = layer.x + line.x * Math.cos(r) - line.baseline * Math.sin(r);
      const y = layer.y + line.x * Math.sin(r) + line.baseline * Math.cos(r);
      page.drawText(line.text, {
        x: mmToPoints(x),
        y: size.height - mmToPoints(y),
        size: layer.fontSize,
        font: f,
        color: rgb(...channels(layer.color)),
        opacity: layer.opacity,
        rotate: degrees(-layer.rotation),
      });
    }
  }
  const bytes = await pdf.save();
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}
