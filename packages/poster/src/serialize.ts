import { z } from 'zod';
import {
  POSTER_VERSION,
  pointsToMm,
  posterDocumentSchema,
  type Layer,
  type PosterDocument,
} from './document.ts';
import { qrLandings } from './qr.ts';

/** A poster document that cannot be read: not JSON, an unknown version, or a field out of its rules. */
export class PosterFormatError extends Error {
  override name = 'PosterFormatError';
}

/** The document as JSON, keys in schema order, so equal documents give equal text. Refuses an invalid document. */
export function serializePoster(doc: PosterDocument): string {
  return JSON.stringify(validate(doc));
}

/**
 * Reads a poster document (JSON text or an already-parsed value), migrating older versions to the current one.
 * Throws `PosterFormatError` with a message that names the first offending field.
 */
export function parsePoster(input: unknown): PosterDocument {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw new PosterFormatError(`The poster document is not valid JSON (${(e as Error).message}).`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PosterFormatError('The poster document must be a JSON object.');
  const version = (value as { version?: unknown }).version;
  if (version === undefined) throw new PosterFormatError('The poster document has no version.');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new PosterFormatError(
      `The poster document's version must be a whole number from 1, not ${JSON.stringify(version)}.`,
    );
  if (version > POSTER_VERSION)
    throw new PosterFormatError(
      `The poster document is version ${version}; this editor reads versions 1 to ${POSTER_VERSION}. Reload the page to get the newest editor.`,
    );
  let doc: unknown = value;
  for (let v = version; v < POSTER_VERSION; v++) doc = migrations[v]!(doc);
  return validate(doc);
}

function describe(issue: z.core.$ZodIssue): string {
  const path = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
  return path ? `${path} ${issue.message}` : issue.message;
}

function validate(doc: unknown): PosterDocument {
  const result = posterDocumentSchema.safeParse(doc);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new PosterFormatError(
      `The poster document is invalid: ${first ? describe(first) : 'unknown problem'}.`,
    );
  }
  return result.data;
}

// ——— Version 1: the first format, in points, with a flat list of items ———

const num = z.number().refine(Number.isFinite, 'must be a finite number');
const v1Item = z.strictObject({
  id: z.string(),
  type: z.enum(['text', 'rect', 'ellipse', 'line', 'image', 'qr']),
  x: num,
  y: num,
  w: num,
  h: num,
  angle: num.optional(),
  opacity: num.optional(),
  text: z.string().optional(),
  size: num.optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  color: z.string().optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  fill: z.string().nullable().optional(),
  stroke: z.string().nullable().optional(),
  strokeWidth: num.optional(),
  src: z.string().optional(),
  landing: z.enum(qrLandings).optional(),
});
const v1Document = z.strictObject({
  version: z.literal(1),
  paper: z.enum(['A4', 'A3']),
  landscape: z.boolean(),
  background: z.string(),
  items: z.array(v1Item),
});
export type PosterDocumentV1 = z.infer<typeof v1Document>;

function fromV1(value: unknown): unknown {
  const result = v1Document.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new PosterFormatError(
      `The version 1 poster document is invalid: ${first ? describe(first) : 'unknown problem'}.`,
    );
  }
  const old = result.data;
  const mm = (pt: number) => Math.round(pointsToMm(pt) * 1000) / 1000;
  const layers = old.items.map((item, i): Layer => {
    const base = {
      id: item.id,
      name: `${item.type[0]!.toUpperCase()}${item.type.slice(1)} ${i + 1}`,
      x: mm(item.x),
      y: mm(item.y),
      width: mm(item.w),
      height: mm(item.h),
      rotation: item.angle ?? 0,
      opacity: item.opacity ?? 1,
      locked: false,
      hidden: false,
      groupId: null,
    };
    switch (item.type) {
      case 'text':
        return {
          ...base,
          kind: 'text',
          text: item.text ?? '',
          fontFamily: 'Inter',
          fontSize: item.size ?? 24,
          fontWeight: item.bold ? 700 : 400,
          fontStyle: item.italic ? 'italic' : 'normal',
          color: item.color ?? '#000000',
          align: item.align ?? 'left',
          lineHeight: 1.2,
        };
      case 'image':
        return { ...base, kind: 'image', src: item.src ?? '', fit: 'cover', alt: '' };
      case 'qr':
        return {
          ...base,
          kind: 'qr',
          landing: item.landing ?? '/qr-welcome',
          color: item.color ?? '#000000',
          background: '#ffffff',
        };
      default:
        return {
          ...base,
          kind: 'shape',
          shape: item.type,
          fill: item.fill ?? null,
          stroke: item.stroke ?? null,
          strokeWidth: item.strokeWidth === undefined ? 0 : mm(item.strokeWidth),
          cornerRadius: 0,
        };
    }
  });
  return {
    version: 2,
    page: {
      size: old.paper,
      orientation: old.landscape ? 'landscape' : 'portrait',
      background: old.background,
    },
    layers,
    guides: { vertical: [], horizontal: [] },
    template: null,
  };
}

/** `migrations[v]` turns a version-v document into version v + 1. */
const migrations: Record<number, (doc: unknown) => unknown> = { 1: fromV1 };
