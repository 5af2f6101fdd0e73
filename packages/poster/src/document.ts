import { z } from 'zod';
import { qrLandings } from './qr.ts';

/** The version this package writes. `parsePoster` migrates every older version up to it. */
export const POSTER_VERSION = 2;

export const paperSizes = ['A4', 'A3'] as const;
export type PaperSize = (typeof paperSizes)[number];
export const orientations = ['portrait', 'landscape'] as const;
export type Orientation = (typeof orientations)[number];

/** ISO 216 sizes in millimetres, portrait. */
const paperMm: Record<PaperSize, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
};

/** The fonts a poster may use: the site theme's. */
export const posterFonts = ['Inter'] as const;
export type PosterFont = (typeof posterFonts)[number];

// Document units are millimetres on the page; angles are degrees clockwise about the layer's top-left corner.
const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const coordinate = finite.refine((n) => Math.abs(n) <= 5000, 'must be within 5000 mm of the page');
const size = finite.refine(
  (n) => n > 0 && n <= 5000,
  'must be a positive number of millimetres (at most 5000)',
);
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a colour like #1d4ed8');
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, _ or -');

const layerBase = {
  id,
  name: z.string().max(120, 'must be at most 120 characters'),
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  rotation: finite.refine((n) => n > -360 && n < 360, 'must be between -360 and 360 degrees'),
  opacity: finite.refine((n) => n >= 0 && n <= 1, 'must be between 0 and 1'),
  locked: z.boolean(),
  hidden: z.boolean(),
  groupId: id.nullable(),
};

export const textLayerSchema = z.strictObject({
  ...layerBase,
  kind: z.literal('text'),
  text: z.string().max(2000, 'must be at most 2000 characters'),
  fontFamily: z.enum(posterFonts),
  /** Points (1/72 inch), as in print. */
  fontSize: finite.refine((n) => n >= 4 && n <= 400, 'must be between 4 and 400 points'),
  fontWeight: z.union([z.literal(400), z.literal(700)]),
  fontStyle: z.enum(['normal', 'italic']),
  color: colour,
  align: z.enum(['left', 'center', 'right']),
  lineHeight: finite.refine((n) => n >= 0.8 && n <= 3, 'must be between 0.8 and 3'),
});

export const shapeLayerSchema = z.strictObject({
  ...layerBase,
  kind: z.literal('shape'),
  shape: z.enum(['rect', 'ellipse', 'line']),
  fill: colour.nullable(),
  stroke: colour.nullable(),
  strokeWidth: finite.refine((n) => n >= 0 && n <= 50, 'must be between 0 and 50 mm'),
  cornerRadius: finite.refine((n) => n >= 0 && n <= 500, 'must be between 0 and 500 mm'),
});

export const imageLayerSchema = z.strictObject({
  ...layerBase,
  kind: z.literal('image'),
  /** A path in the poster-images bucket (`{user id}/{file name}`) or an https/data URL. */
  src: z
    .string()
    .min(1, 'must not be empty')
    .max(2000, 'must be at most 2000 characters')
    .refine((s) => !/^\s*javascript:/i.test(s), 'must be a storage path or an image URL'),
  fit: z.enum(['cover', 'contain', 'stretch']),
  alt: z.string().max(300, 'must be at most 300 characters'),
});

export const qrLayerSchema = z.strictObject({
  ...layerBase,
  kind: z.literal('qr'),
  landing: z.enum(qrLandings),
  color: colour,
  background: colour,
});

export const layerSchema = z.discriminatedUnion('kind', [
  textLayerSchema,
  shapeLayerSchema,
  imageLayerSchema,
  qrLayerSchema,
]);

export const pageSchema = z.strictObject({
  size: z.enum(paperSizes),
  orientation: z.enum(orientations),
  background: colour,
});

const guideList = z.array(coordinate).max(50, 'must hold at most 50 guides');

export const posterDocumentSchema = z
  .strictObject({
    version: z.literal(POSTER_VERSION),
    page: pageSchema,
    /** Bottom to top: the last layer is drawn over the others. */
    layers: z.array(layerSchema).max(300, 'must hold at most 300 layers'),
    guides: z.strictObject({ vertical: guideList, horizontal: guideList }),
    /** The template the poster started from, if any. */
    template: id.nullable(),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.layers.forEach((layer, i) => {
      if (seen.has(layer.id))
        ctx.addIssue({ code: 'custom', path: ['layers', i, 'id'], message: `repeats the id ${layer.id}` });
      seen.add(layer.id);
    });
    const qr = doc.layers.filter((l) => l.kind === 'qr').length;
    if (qr > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['layers'],
        message: `hold ${qr} QR codes; a poster has at most one`,
      });
  });

export type TextLayer = z.infer<typeof textLayerSchema>;
export type ShapeLayer = z.infer<typeof shapeLayerSchema>;
export type ImageLayer = z.infer<typeof imageLayerSchema>;
export type QrLayer = z.infer<typeof qrLayerSchema>;
export type Layer = z.infer<typeof layerSchema>;
export type LayerKind = Layer['kind'];
export type PageSpec = z.infer<typeof pageSchema>;
export type PosterDocument = z.infer<typeof posterDocumentSchema>;

export interface Size {
  width: number;
  height: number;
}

/** The page's size in millimetres, turned for landscape. */
export function pageSize(page: Pick<PageSpec, 'size' | 'orientation'>): Size {
  const { width, height } = paperMm[page.size];
  return page.orientation === 'portrait' ? { width, height } : { width: height, height: width };
}

export const MM_PER_INCH = 25.4;
export const POINTS_PER_INCH = 72;

/** Pixels of a page exported at `dpi` dots per inch (300 for print). */
export function pagePixels(page: Pick<PageSpec, 'size' | 'orientation'>, dpi = 300): Size {
  const { width, height } = pageSize(page);
  return { width: Math.round((width / MM_PER_INCH) * dpi), height: Math.round((height / MM_PER_INCH) * dpi) };
}

/** The page's size in PDF points (1/72 inch). */
export function pagePoints(page: Pick<PageSpec, 'size' | 'orientation'>): Size {
  const { width, height } = pageSize(page);
  return { width: (width / MM_PER_INCH) * POINTS_PER_INCH, height: (height / MM_PER_INCH) * POINTS_PER_INCH };
}

export const mmToPoints = (mm: number): number => (mm / MM_PER_INCH) * POINTS_PER_INCH;
export const pointsToMm = (pt: number): number => (pt / POINTS_PER_INCH) * MM_PER_INCH;

/** An empty poster. */
export function emptyPoster(page: Partial<PageSpec> = {}): PosterDocument {
  return {
    version: POSTER_VERSION,
    page: { size: 'A4', orientation: 'portrait', background: '#ffffff', ...page },
    layers: [],
    guides: { vertical: [], horizontal: [] },
    template: null,
  };
}
