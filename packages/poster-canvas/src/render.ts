import Konva from 'konva';
import {
  fontSizeMm,
  layoutText,
  pageSize,
  type ImageLayer,
  type Layer,
  type PosterDocument,
  type TextLayer,
} from '@pentland/poster';
import { canvasFont, INTER_ASCENT, INTER_DESCENT } from './fonts.ts';
import { drawQr, qrMatrix, type QrMatrix } from './qr.ts';

/** What a document needs besides itself: its loaded images (by `src`) and the URL its QR code encodes. */
export interface PosterAssets {
  images: ReadonlyMap<string, CanvasImageSource & { width: number; height: number }>;
  /** The tracking URL; null draws a placeholder pattern (a poster not saved yet). */
  qrUrl: string | null;
}

const measureCanvas = (): CanvasRenderingContext2D => {
  const canvas = document.createElement('canvas');
  return canvas.getContext('2d')!;
};
let measureCtx: CanvasRenderingContext2D | undefined;

/** Width at font size 1 of a text in a layer's face, measured on a canvas. */
export function canvasMeasure(layer: Pick<TextLayer, 'fontWeight' | 'fontStyle'>): (s: string) => number {
  measureCtx ??= measureCanvas();
  const ctx = measureCtx;
  return (s) => {
    ctx.font = canvasFont(layer, 100);
    return ctx.measureText(s).width / 100;
  };
}

export interface TextLine {
  text: string;
  /** Offset of the line's start from the layer's left edge, mm. */
  x: number;
  /** Baseline offset from the layer's top, mm. */
  baseline: number;
}

/** Where each line of a text layer goes, for the canvas and the PDF alike (`measure` at font size 1). */
export function textLines(layer: TextLayer, measure: (s: string) => number): TextLine[] {
  const size = fontSizeMm(layer);
  const lineBox = size * layer.lineHeight;
  const inset = (lineBox - (INTER_ASCENT + INTER_DESCENT) * size) / 2 + INTER_ASCENT * size;
  return layoutText(layer, measure).map((text, i) => {
    const w = measure(text) * size;
    const x = layer.align === 'left' ? 0 : layer.align === 'center' ? (layer.width - w) / 2 : layer.width - w;
    return { text, x, baseline: i * lineBox + inset };
  });
}

function drawText(ctx: CanvasRenderingContext2D, layer: TextLayer): void {
  const size = fontSizeMm(layer);
  ctx.fillStyle = layer.color;
  // Drawn at 100 px and scaled down, so small sizes in millimetre units keep their glyph shapes.
  ctx.font = canvasFont(layer, 100);
  ctx.textBaseline = 'alphabetic';
  for (const line of textLines(layer, canvasMeasure(layer))) {
    ctx.save();
    ctx.translate(line.x, line.baseline);
    ctx.scale(size / 100, size / 100);
    ctx.fillText(line.text, 0, 0);
    ctx.restore();
  }
}

function imageCrop(layer: ImageLayer, img: { width: number; height: number }) {
  if (layer.fit !== 'cover') return undefined;
  const scale = Math.max(layer.width / img.width, layer.height / img.height);
  const w = layer.width / scale;
  const h = layer.height / scale;
  return { x: (img.width - w) / 2, y: (img.height - h) / 2, width: w, height: h };
}

function imageBox(layer: ImageLayer, img: { width: number; height: number }) {
  if (layer.fit !== 'contain') return { x: 0, y: 0, width: layer.width, height: layer.height };
  const scale = Math.min(layer.width / img.width, layer.height / img.height);
  const width = img.width * scale;
  const height = img.height * scale;
  return { x: (layer.width - width) / 2, y: (layer.height - height) / 2, width, height };
}

/** A Konva node for one layer, positioned and named by the layer's id. */
export function layerNode(layer: Layer, assets: PosterAssets, qr: () => QrMatrix | null): Konva.Group {
  const group = new Konva.Group({
    id: layer.id,
    name: 'poster-layer',
    x: layer.x,
    y: layer.y,
    rotation: layer.rotation,
    opacity: layer.opacity,
    visible: !layer.hidden,
  });
  const { width, height } = layer;
  switch (layer.kind) {
    case 'text':
      group.add(
        new Konva.Shape({
          width,
          height,
          sceneFunc: (context) => drawText(context._context, layer),
          hitFunc: (context, shape) => {
            context.beginPath();
            context.rect(0, 0, width, height);
            context.fillStrokeShape(shape);
          },
        }),
      );
      break;
    case 'shape': {
      const style = {
        fill: layer.fill ?? undefined,
        stroke: layer.stroke ?? undefined,
        strokeWidth: layer.stroke ? layer.strokeWidth : 0,
      };
      if (layer.shape === 'rect')
        group.add(new Konva.Rect({ width, height, cornerRadius: layer.cornerRadius, ...style }));
      else if (layer.shape === 'ellipse')
        group.add(
          new Konva.Ellipse({
            x: width / 2,
            y: height / 2,
            radiusX: width / 2,
            radiusY: height / 2,
            ...style,
          }),
        );
      else {
        group.add(new Konva.Rect({ width, height, fill: 'transparent' }));
        group.add(
          new Konva.Line({
            points: [0, height / 2, width, height / 2],
            stroke: layer.stroke ?? layer.fill ?? '#000000',
            strokeWidth: Math.max(layer.strokeWidth, height),
          }),
        );
      }
      break;
    }
    case 'image': {
      const img = assets.images.get(layer.src);
      if (img) {
        const box = imageBox(layer, img);
        group.add(new Konva.Image({ image: img, ...box, crop: imageCrop(layer, img) }));
      } else {
        // Still loading (or gone): a light placeholder keeps the layout readable.
        group.add(
          new Konva.Rect({
            width,
            height,
            fill: '#e2e8f0',
            stroke: '#94a3b8',
            strokeWidth: 0.5,
            dash: [2, 2],
          }),
        );
      }
      break;
    }
    case 'qr': {
      const side = Math.min(width, height);
      group.add(
        new Konva.Shape({
          width: side,
          height: side,
          sceneFunc: (context, shape) => {
            const matrix = qr();
            const ctx = context._context;
            if (matrix) drawQr(ctx, matrix, side, layer);
            else {
              ctx.fillStyle = layer.background;
              ctx.fillRect(0, 0, side, side);
              ctx.strokeStyle = layer.color;
              ctx.lineWidth = side / 40;
              ctx.strokeRect(side / 8, side / 8, (side * 3) / 4, (side * 3) / 4);
            }
            void shape;
          },
          hitFunc: (context, shape) => {
            context.beginPath();
            context.rect(0, 0, side, side);
            context.fillStrokeShape(shape);
          },
        }),
      );
      break;
    }
  }
  return group;
}

/**
 * Fills a Konva layer with the page (in millimetres) and the document's layers, bottom to top.
 * `skip` leaves layers out (the PDF export draws some text itself).
 */
export function drawPoster(
  target: Konva.Layer | Konva.Group,
  doc: PosterDocument,
  assets: PosterAssets,
  skip: (layer: Layer) => boolean = () => false,
): void {
  target.destroyChildren();
  const { width, height } = pageSize(doc.page);
  target.add(
    new Konva.Rect({ name: 'poster-page', width, height, fill: doc.page.background, listening: true }),
  );
  let matrix: QrMatrix | null | undefined;
  const qr = () => (matrix === undefined ? (matrix = assets.qrUrl ? qrMatrix(assets.qrUrl) : null) : matrix);
  for (const layer of doc.layers) if (!skip(layer)) target.add(layerNode(layer, assets, qr));
}
