import { describe, expect, it } from 'vitest';
import {
  emptyPoster,
  imageLayer,
  pagePixels,
  pagePoints,
  parsePoster,
  POSTER_VERSION,
  PosterFormatError,
  posterTemplates,
  qrLayer,
  serializePoster,
  shapeLayer,
  textLayer,
  type PosterDocument,
  type PosterDocumentV1,
} from '../src/index.ts';

const full = (): PosterDocument => ({
  ...emptyPoster({ size: 'A3', orientation: 'landscape', background: '#fafafa' }),
  layers: [
    shapeLayer({
      id: 'bg',
      shape: 'ellipse',
      fill: null,
      stroke: '#112233',
      strokeWidth: 0.75,
      rotation: 12.5,
      groupId: 'g',
    }),
    textLayer({
      id: 't',
      text: 'Line one\nLine “two” — £5 ✓',
      fontWeight: 700,
      fontStyle: 'italic',
      align: 'center',
      groupId: 'g',
    }),
    imageLayer('0b0e6f9e-1111-4222-8333-444455556666/1732000000000-abc123.png', {
      id: 'img',
      fit: 'contain',
      alt: 'Team photo',
      opacity: 0.5,
    }),
    qrLayer({ id: 'qr', landing: '/seaforth-darts-welcome', hidden: true, locked: true }),
  ],
  guides: { vertical: [10.5, 200], horizontal: [33.333] },
  template: 'event',
});

describe('serialisation', () => {
  it('round-trips exactly: parse(serialize(doc)) equals doc and the text is stable', () => {
    const doc = full();
    const json = serializePoster(doc);
    const back = parsePoster(json);
    expect(back).toEqual(doc);
    expect(serializePoster(back)).toBe(json);
    expect(parsePoster(JSON.parse(json))).toEqual(doc);
  });

  it('writes keys in a fixed order whatever order the object was built in', () => {
    const doc = full();
    const reordered = {
      template: doc.template,
      guides: doc.guides,
      layers: doc.layers,
      page: doc.page,
      version: doc.version,
    };
    expect(serializePoster(reordered as PosterDocument)).toBe(serializePoster(doc));
  });

  it('every template is a valid current document that round-trips', () => {
    for (const t of posterTemplates) {
      expect(t.design.version).toBe(POSTER_VERSION);
      expect(parsePoster(serializePoster(t.design))).toEqual(t.design);
      expect(t.design.layers.filter((l) => l.kind === 'qr')).toHaveLength(1);
    }
    expect(posterTemplates.map((t) => t.category).sort()).toEqual([
      'eboard',
      'event',
      'event',
      'offer',
      'service',
    ]);
    expect(posterTemplates.some((t) => t.premium)).toBe(true);
  });
});

describe('migration', () => {
  it('migrates a version 1 document (points, flat items) to the current version', () => {
    const v1: PosterDocumentV1 = {
      version: 1,
      paper: 'A4',
      landscape: true,
      background: '#ffffff',
      items: [
        { id: 'r', type: 'rect', x: 72, y: 36, w: 144, h: 72, fill: '#ff0000', strokeWidth: 2.835 },
        { id: 'h', type: 'text', x: 0, y: 0, w: 288, h: 36, text: 'Hi', size: 30, bold: true, angle: 5 },
        { id: 'q', type: 'qr', x: 10, y: 10, w: 113.386, h: 113.386, landing: '/eboard-welcome' },
      ],
    };
    const doc = parsePoster(JSON.stringify(v1));
    expect(doc.version).toBe(POSTER_VERSION);
    expect(doc.page).toEqual({ size: 'A4', orientation: 'landscape', background: '#ffffff' });
    expect(doc.layers[0]).toMatchObject({
      kind: 'shape',
      shape: 'rect',
      x: 25.4,
      y: 12.7,
      width: 50.8,
      height: 25.4,
      fill: '#ff0000',
      strokeWidth: 1,
    });
    expect(doc.layers[1]).toMatchObject({
      kind: 'text',
      text: 'Hi',
      fontSize: 30,
      fontWeight: 700,
      rotation: 5,
      fontFamily: 'Inter',
    });
    expect(doc.layers[2]).toMatchObject({ kind: 'qr', landing: '/eboard-welcome', width: 40 });
    expect(parsePoster(serializePoster(doc))).toEqual(doc);
  });

  it('refuses a malformed version 1 document', () => {
    expect(() =>
      parsePoster({ version: 1, paper: 'A5', landscape: false, background: '#fff', items: [] }),
    ).toThrow(/version 1 poster document is invalid: paper/);
  });
});

describe('malformed input is refused with a clear error', () => {
  const bad: [string, unknown, RegExp][] = [
    ['not JSON', '{"version": 2,', /not valid JSON/],
    ['an array', '[]', /must be a JSON object/],
    ['null', null, /must be a JSON object/],
    ['no version', { page: {} }, /has no version/],
    ['a string version', { version: '2' }, /whole number from 1, not "2"/],
    ['a future version', { version: 9 }, /version 9; this editor reads versions 1 to 2/],
    ['a missing page', { ...full(), page: undefined }, /invalid: page/],
    [
      'a negative width',
      { ...full(), layers: [{ ...full().layers[0], width: -1 }] },
      /layers\[0\]\.width must be a positive number/,
    ],
    ['an unknown layer kind', { ...full(), layers: [{ ...full().layers[0], kind: 'video' }] }, /layers\[0\]/],
    ['an unknown field', { ...full(), extra: 1 }, /invalid/],
    ['NaN coordinates', { ...full(), layers: [{ ...full().layers[1], x: Number.NaN }] }, /layers\[0\]\.x/],
    [
      'a bad colour',
      { ...full(), page: { ...full().page, background: 'javascript:1' } },
      /page\.background must be a colour/,
    ],
    [
      'two QR codes',
      { ...full(), layers: [qrLayer({ id: 'a' }), qrLayer({ id: 'b' })] },
      /2 QR codes; a poster has at most one/,
    ],
    [
      'a repeated id',
      { ...full(), layers: [shapeLayer({ id: 'a' }), shapeLayer({ id: 'a' })] },
      /layers\[1\]\.id repeats the id a/,
    ],
    [
      'a script URL image',
      { ...full(), layers: [imageLayer('javascript:alert(1)', { id: 'i' })] },
      /layers\[0\]\.src/,
    ],
  ];
  it.each(bad)('%s', (_name, input, message) => {
    expect(() => parsePoster(input)).toThrow(PosterFormatError);
    expect(() => parsePoster(input)).toThrow(message);
  });

  it('serialising an invalid document throws instead of writing it', () => {
    expect(() => serializePoster({ ...full(), layers: [{ ...textLayer(), fontSize: 0 }] })).toThrow(
      /fontSize/,
    );
  });
});

describe('page sizes', () => {
  it('gives 300 dpi pixels and PDF points for A4 and A3 in both orientations', () => {
    expect(pagePixels({ size: 'A4', orientation: 'portrait' })).toEqual({ width: 2480, height: 3508 });
    expect(pagePixels({ size: 'A4', orientation: 'landscape' })).toEqual({ width: 3508, height: 2480 });
    expect(pagePixels({ size: 'A3', orientation: 'portrait' })).toEqual({ width: 3508, height: 4961 });
    const a4 = pagePoints({ size: 'A4', orientation: 'portrait' });
    expect(a4.width).toBeCloseTo(595.28, 1);
    expect(a4.height).toBeCloseTo(841.89, 1);
  });
});
