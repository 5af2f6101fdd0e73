import { describe, expect, it } from 'vitest';
import { boundingBox, emptyPoster, shapeLayer, snapBox, snapTargets } from '../src/index.ts';

describe('snapping to guides', () => {
  const doc = {
    ...emptyPoster(),
    layers: [shapeLayer({ id: 'other', x: 50, y: 60, width: 40, height: 20 })],
    guides: { vertical: [150], horizontal: [200] },
  };

  it('collects page edges, centre, margins, guides and other layers (not the moving ones)', () => {
    const t = snapTargets(doc, []);
    expect(t.vertical).toEqual([0, 10, 50, 70, 90, 105, 150, 200, 210]);
    expect(t.horizontal).toEqual([0, 10, 60, 70, 80, 148.5, 200, 287, 297]);
    expect(snapTargets(doc, ['other']).vertical).toEqual([0, 10, 105, 150, 200, 210]);
  });

  it('snaps the nearest edge or centre within the threshold, on each axis', () => {
    const t = snapTargets(doc, []);
    // Left edge 148.6 → guide at 150; top 201.5 → guide at 200.
    expect(snapBox({ x: 148.6, y: 201.5, width: 20, height: 10 }, t, 2)).toEqual({
      x: 150,
      y: 200,
      lines: { vertical: [150], horizontal: [200] },
    });
    // Centre 104.2 → page centre 105.
    const centred = snapBox({ x: 94.2, y: 120, width: 20, height: 10 }, t, 2);
    expect(centred.x).toBeCloseTo(95);
    expect(centred.lines.vertical).toEqual([105]);
    expect(centred.y).toBe(120);
    expect(centred.lines.horizontal).toEqual([]);
  });

  it('stays put beyond the threshold', () => {
    const t = snapTargets(doc, []);
    expect(snapBox({ x: 120, y: 120, width: 10, height: 10 }, t, 2)).toEqual({
      x: 120,
      y: 120,
      lines: { vertical: [], horizontal: [] },
    });
  });

  it('reports every line the snapped box touches', () => {
    // Width 40 at x 50 touches the other layer's left edge, centre and right edge.
    const r = snapBox({ x: 51, y: 120, width: 40, height: 10 }, snapTargets(doc, []), 2);
    expect(r.x).toBe(50);
    expect(r.lines.vertical).toEqual([50, 70, 90]);
  });

  it('uses the rotated bounding box', () => {
    const b = boundingBox({ x: 10, y: 10, width: 20, height: 10, rotation: 90 });
    expect(b.x).toBeCloseTo(0);
    expect(b.y).toBeCloseTo(10);
    expect(b.width).toBeCloseTo(10);
    expect(b.height).toBeCloseTo(20);
  });
});
