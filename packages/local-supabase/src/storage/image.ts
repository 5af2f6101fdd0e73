/**
 * Image transformations as Storage serves them at /render/image (where hosted Supabase runs imgproxy), done with
 * sharp: `width`, `height`, `resize` (cover → crop to fill, contain → fit inside, fill → stretch), `quality`,
 * `format` (origin, webp, avif; WebP when the client accepts it, as imgproxy's detection), `gravity`.
 */
import sharp, { type Sharp } from 'sharp';
import { errors } from './errors.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
  gravity?: Gravity;
  x_offset?: number;
  y_offset?: number;
}

const GRAVITIES = ['no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'ce', 'sm', 'fp'] as const;
type Gravity = (typeof GRAVITIES)[number];

/** Storage's IMAGE_TRANSFORMATION_LIMIT_{MIN,MAX}_SIZE defaults: sizes are clamped to them. */
export const SIZE_LIMITS = { min: 1, max: 2000 };
/** Sources larger than this many pixels are refused (imgproxy's max_src_resolution, 50 MP). */
const MAX_SOURCE_PIXELS = 50_000_000;
const clamp = (n: number) => Math.min(Math.max(n, SIZE_LIMITS.min), SIZE_LIMITS.max);

/** Reads transformation options from a query string, refusing what Storage's schema refuses. */
export function transformFromQuery(query: URLSearchParams): TransformOptions {
  const out: TransformOptions = {};
  const int = (name: 'width' | 'height' | 'quality', min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return;
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n))
      throw errors.invalidRequest(`querystring/${name} must be integer`);
    if (n < min || n > max)
      throw errors.invalidRequest(
        `querystring/${name} must be >= ${min}${max < Number.MAX_SAFE_INTEGER ? ` and <= ${max}` : ''}`,
      );
    out[name] = n;
  };
  int('width', 0);
  int('height', 0);
  int('quality', 20, 100);
  const oneOf = <T extends string>(name: string, values: readonly T[]): T | undefined => {
    const raw = query.get(name);
    if (raw === null || raw === '') return undefined;
    if (!(values as readonly string[]).includes(raw))
      throw errors.invalidRequest(`querystring/${name} must be equal to one of the allowed values`);
    return raw as T;
  };
  const resize = oneOf('resize', ['cover', 'contain', 'fill'] as const);
  if (resize) out.resize = resize;
  const format = oneOf('format', ['origin', 'avif', 'webp'] as const);
  if (format) out.format = format;
  const gravity = oneOf('gravity', GRAVITIES);
  if (gravity) out.gravity = gravity;
  for (const name of ['x_offset', 'y_offset'] as const) {
    const raw = query.get(name);
    if (raw === null || raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n)) throw errors.invalidRequest(`querystring/${name} must be number`);
    out[name] = n;
  }
  if (out.gravity === 'fp' && !validFocal(out))
    throw errors.invalidParameter('gravity', 'Focal point requires x and y coordinates within 0-1 range');
  return out;
}

const validFocal = (o: TransformOptions): boolean =>
  o.x_offset !== undefined &&
  o.y_offset !== undefined &&
  o.x_offset >= 0 &&
  o.x_offset <= 1 &&
  o.y_offset >= 0 &&
  o.y_offset <= 1;

/** imgproxy's names for the resize modes, as Storage reports them in X-Transformations. */
const resizingType = (resize: string | undefined): string =>
  ({ contain: 'fit', fill: 'force' })[resize ?? ''] ?? 'fill';

/** Storage's applyTransformation: the segments of X-Transformations (or, keepOriginal, of a signed URL's token). */
export function transformationSegments(o: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (o.height) segments.push(`height:${clamp(o.height)}`);
  if (o.width) segments.push(`width:${clamp(o.width)}`);
  if (o.width || o.height)
    segments.push(keepOriginal ? `resize:${o.resize}` : `resizing_type:${resizingType(o.resize)}`);
  if (o.quality) segments.push(`quality:${o.quality}`);
  if (o.format && o.format !== 'origin') segments.push(`format:${o.format}`);
  if (o.gravity === 'sm') segments.push('gravity:sm');
  else if (o.gravity === 'fp') segments.push(`gravity:fp:${o.x_offset}:${o.y_offset}`);
  else if (o.gravity)
    segments.push(
      o.x_offset === undefined && o.y_offset === undefined
        ? `gravity:${o.gravity}`
        : `gravity:${o.gravity}:${o.x_offset ?? 0}:${o.y_offset ?? 0}`,
    );
  return segments;
}

/** Storage's setTransformationsFromString: the options a signed render URL's token carries. */
export function transformFromString(text: string): TransformOptions {
  const o: TransformOptions = {};
  for (const part of text.split(',')) {
    const [name, value, x, y] = part.split(':');
    if (!value) continue;
    if (name === 'height' || name === 'width' || name === 'quality') {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n)) o[name] = n;
    } else if (name === 'resize' && ['cover', 'contain', 'fill'].includes(value))
      o.resize = value as TransformOptions['resize'];
    else if (name === 'format' && ['origin', 'avif', 'webp'].includes(value))
      o.format = value as TransformOptions['format'];
    else if (name === 'gravity' && (GRAVITIES as readonly string[]).includes(value)) {
      o.gravity = value as Gravity;
      if (x && Number.isFinite(Number.parseFloat(x))) o.x_offset = Number.parseFloat(x);
      if (y && Number.isFinite(Number.parseFloat(y))) o.y_offset = Number.parseFloat(y);
    }
  }
  return o;
}

/** Whether a request asks for any transformation at all (an empty transform serves the object as it is). */
export const hasTransformation = (o: TransformOptions): boolean => transformationSegments(o).length > 0;

const SHARP_POSITION: Record<string, string> = {
  no: 'north',
  so: 'south',
  ea: 'east',
  we: 'west',
  noea: 'northeast',
  nowe: 'northwest',
  soea: 'southeast',
  sowe: 'southwest',
  ce: 'centre',
};

/** Formats rendered (as imgproxy, by content, whatever type the upload declared); vector and document formats are not. */
const RASTER = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
const OUTPUT_TYPE: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
  heif: 'image/heif',
};

export interface Rendered {
  bytes: Buffer;
  mimetype: string;
}

/** A small cache of rendered images (by object version and options), bounded in bytes. */
class RenderCache {
  private readonly entries = new Map<string, Rendered>();
  private bytes = 0;
  constructor(private readonly limit: number) {}
  get(key: string): Rendered | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: Rendered): void {
    if (value.bytes.length > this.limit / 4) return;
    this.entries.set(key, value);
    this.bytes += value.bytes.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(k);
      this.bytes -= v.bytes.length;
    }
  }
}

export class ImageRenderer {
  private readonly cache = new RenderCache(32 * 1024 * 1024);

  /**
   * Renders a stored image. `key` identifies the source bytes (bucket and version) for the cache and `load` reads them
   * (not on a cache hit); `accept` is the client's Accept header (WebP when it names image/webp and no format is
   * asked for).
   */
  async render(
    key: string,
    load: () => Promise<Buffer>,
    o: TransformOptions,
    accept: string | null,
  ): Promise<Rendered> {
    const target =
      o.format === 'webp' || o.format === 'avif'
        ? o.format
        : o.format !== 'origin' && /image\/webp/i.test(accept ?? '')
          ? 'webp'
          : null;
    const cacheKey = `${key}|${transformationSegments(o).join(',')}|${target ?? 'origin'}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const source = await load();
    let rendered: Rendered;
    try {
      rendered = await this.transform(source, o, target);
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message))
        throw errors.imageProcessing('The source image resolution is too large to process');
      throw errors.imageProcessing('The source image is invalid or unsupported for rendering');
    }
    this.cache.set(cacheKey, rendered);
    return rendered;
  }

  private async transform(
    source: Buffer,
    o: TransformOptions,
    target: 'webp' | 'avif' | null,
  ): Promise<Rendered> {
    const { format } = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
    if (!format || !RASTER.has(format)) throw new Error('unsupported source format');
    let image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' }).rotate();
    const width = o.width ? clamp(o.width) : undefined;
    const height = o.height ? clamp(o.height) : undefined;
    if (width || height) {
      if (o.resize === 'contain')
        image = image.resize({ width, height, fit: 'inside', withoutEnlargement: true });
      else if (o.resize === 'fill' && width && height) image = image.resize({ width, height, fit: 'fill' });
      else if (!width || !height)
        image = image.resize({ width, height, fit: 'inside', withoutEnlargement: true });
      else image = await this.cover(image, source, width, height, o);
    }
    const quality = o.quality ?? 80;
    // The source's own format (AVIF reads as HEIF); others that cannot be written back become PNG.
    const out =
      target ??
      (format === 'heif'
        ? 'avif'
        : format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif'
          ? format
          : 'png');
    if (out === 'jpeg') image = image.jpeg({ quality, mozjpeg: true });
    else if (out === 'webp') image = image.webp({ quality });
    else if (out === 'avif') image = image.avif({ quality: Math.max(1, quality - 20) });
    else if (out === 'png') image = image.png();
    else image = image.gif();
    return { bytes: await image.toBuffer(), mimetype: OUTPUT_TYPE[out] ?? 'application/octet-stream' };
  }

  /** cover (imgproxy's fill): scale to cover the box, then crop where the gravity says (a focal point centres on it). */
  private async cover(
    image: Sharp,
    source: Buffer,
    width: number,
    height: number,
    o: TransformOptions,
  ): Promise<Sharp> {
    if (o.gravity === 'sm')
      return image.resize({ width, height, fit: 'cover', position: sharp.strategy.attention });
    if (o.gravity !== 'fp')
      return image.resize({
        width,
        height,
        fit: 'cover',
        position: SHARP_POSITION[o.gravity ?? 'ce'] ?? 'centre',
      });
    const meta = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).rotate().metadata();
    const srcW = meta.autoOrient?.width ?? meta.width ?? width;
    const srcH = meta.autoOrient?.height ?? meta.height ?? height;
    const scale = Math.max(width / srcW, height / srcH);
    const scaledW = Math.max(width, Math.round(srcW * scale));
    const scaledH = Math.max(height, Math.round(srcH * scale));
    const left = Math.min(Math.max(Math.round(o.x_offset! * scaledW - width / 2), 0), scaledW - width);
    const top = Math.min(Math.max(Math.round(o.y_offset! * scaledH - height / 2), 0), scaledH - height);
    return image
      .resize({ width: scaledW, height: scaledH, fit: 'fill' })
      .extract({ left, top, width, height });
  }
}
