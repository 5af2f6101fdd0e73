import { pageSize, type PosterDocument } from './document.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Lines a moving box snaps to, in millimetres: x positions of vertical lines, y positions of horizontal ones. */
export interface SnapTargets {
  vertical: number[];
  horizontal: number[];
}

export interface SnapResult {
  x: number;
  y: number;
  /** The lines the box now touches (to draw as alignment guides). */
  lines: { vertical: number[]; horizontal: number[] };
}

/** The axis-aligned box around a layer, rotation included (rotation is about the top-left corner). */
export function boundingBox(layer: Box & { rotation: number }): Box {
  if (layer.rotation === 0) return { x: layer.x, y: layer.y, width: layer.width, height: layer.height };
  const r = (layer.rotation * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const corners = [
    [0, 0],
    [layer.width, 0],
    [0, layer.height],
    [layer.width, layer.height],
  ].map(([dx, dy]) => [layer.x + dx! * cos - dy! * sin, layer.y + dx! * sin + dy! * cos] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * What a moving selection snaps to: the page's edges and centre lines, the margin (10 mm by default), the
 * document's guides, and the edges and centres of every visible layer that is not moving.
 */
export function snapTargets(doc: PosterDocument, moving: readonly string[], margin = 10): SnapTargets {
  const { width, height } = pageSize(doc.page);
  const vertical = [0, margin, width / 2, width - margin, width, ...doc.guides.vertical];
  const horizontal = [0, margin, height / 2, height - margin, height, ...doc.guides.horizontal];
  const skip = new Set(moving);
  for (const layer of doc.layers) {
    if (skip.has(layer.id) || layer.hidden) continue;
    const b = boundingBox(layer);
    vertical.push(b.x, b.x + b.width / 2, b.x + b.width);
    horizontal.push(b.y, b.y + b.height / 2, b.y + b.height);
  }
  const unique = (list: number[]) =>
    [...new Set(list.map((n) => Math.round(n * 1000) / 1000))].sort((a, b) => a - b);
  return { vertical: unique(vertical), horizontal: unique(horizontal) };
}

function snapAxis(start: number, length: number, lines: readonly number[], threshold: number) {
  let best: { delta: number; line: number } | null = null;
  for (const edge of [start, start + length / 2, start + length]) {
    for (const line of lines) {
      const delta = line - edge;
      if (Math.abs(delta) <= threshold && (best === null || Math.abs(delta) < Math.abs(best.delta)))
        best = { delta, line };
    }
  }
  if (!best) return { position: start, lines: [] as number[] };
  const position = start + best.delta;
  // Every line the snapped box touches, not just the nearest (left edge and centre may both align).
  const touching = lines.filter((line) =>
    [position, position + length / 2, position + length].some((e) => Math.abs(e - line) < 1e-6),
  );
  return { position, lines: touching };
}

/**
 * Moves a box so that its nearest edge or centre within `threshold` millimetres lies on a target line, on each
 * axis separately. Beyond the threshold the box stays where it is.
 */
export function snapBox(box: Box, targets: SnapTargets, threshold = 2): SnapResult {
  const h = snapAxis(box.x, box.width, targets.vertical, threshold);
  const v = snapAxis(box.y, box.height, targets.horizontal, threshold);
  return { x: h.position, y: v.position, lines: { vertical: h.lines, horizontal: v.lines } };
}
