import type { ImageLayer, Layer, QrLayer, ShapeLayer, TextLayer } from './document.ts';

/** A random layer id (also used for groups). */
export function newId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

type Base = Pick<
  Layer,
  'id' | 'name' | 'x' | 'y' | 'width' | 'height' | 'rotation' | 'opacity' | 'locked' | 'hidden' | 'groupId'
>;

const base = (name: string, over: Partial<Base>): Base => ({
  id: newId(),
  name,
  x: 20,
  y: 20,
  width: 100,
  height: 40,
  rotation: 0,
  opacity: 1,
  locked: false,
  hidden: false,
  groupId: null,
  ...over,
});

export function textLayer(over: Partial<TextLayer> = {}): TextLayer {
  return {
    ...base('Text', over),
    kind: 'text',
    text: 'Your text',
    fontFamily: 'Inter',
    fontSize: 24,
    fontWeight: 400,
    fontStyle: 'normal',
    color: '#0f172a',
    align: 'left',
    lineHeight: 1.2,
    ...over,
  };
}

export function shapeLayer(over: Partial<ShapeLayer> = {}): ShapeLayer {
  return {
    ...base('Shape', { width: 60, height: 60, ...over }),
    kind: 'shape',
    shape: 'rect',
    fill: '#1d4ed8',
    stroke: null,
    strokeWidth: 0,
    cornerRadius: 0,
    ...over,
  };
}

export function imageLayer(src: string, over: Partial<ImageLayer> = {}): ImageLayer {
  return {
    ...base('Image', { width: 80, height: 60, ...over }),
    kind: 'image',
    src,
    fit: 'cover',
    alt: '',
    ...over,
  };
}

/** A QR code: 40 mm square by default, which phones read from about 40 cm (ten times its side). */
export function qrLayer(over: Partial<QrLayer> = {}): QrLayer {
  return {
    ...base('QR code', { width: 40, height: 40, ...over }),
    kind: 'qr',
    landing: '/qr-welcome',
    color: '#0f172a',
    background: '#ffffff',
    ...over,
  };
}

/** The smallest side at which a printed QR code stays reliably scannable (ISO/IEC 18004 guidance: ~2 cm). */
export const MIN_QR_SIDE_MM = 20;
