import { useEffect, useRef } from 'react';
import Konva from 'konva';
import {
  boundingBox,
  expandToGroups,
  findLayer,
  pageSize,
  snapBox,
  snapTargets,
  type Box,
  type EditCommand,
  type PosterDocument,
} from '@pentland/poster';
import { drawPoster, type PosterAssets } from './render.ts';
import { loadPosterFonts } from './fonts.ts';

export interface PosterStageProps {
  doc: PosterDocument;
  selection: readonly string[];
  assets: PosterAssets;
  /** Screen pixels per millimetre. */
  zoom: number;
  /** A click on a layer (with Shift: add to the selection); on the empty page: `[]`. */
  onSelect: (ids: string[], additive: boolean) => void;
  /** A finished drag, resize or rotation, as a command for the document model. */
  onCommand: (command: EditCommand) => void;
  /** Snap to guides, the page and other layers while dragging (default on). */
  snap?: boolean;
  /** The accessible name of the canvas region. */
  label: string;
}

const SNAP_PX = 6;
const GUIDE_COLOUR = '#db2777';

function unionBox(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

interface Handles {
  stage: Konva.Stage;
  content: Konva.Layer;
  overlay: Konva.Layer;
  transformer: Konva.Transformer;
  guides: Konva.Group;
}

/**
 * The editor's canvas: draws the document with Konva, and turns clicks, drags (snapping with alignment guides)
 * and the transformer's resize/rotate into `onSelect` and `onCommand` calls. It keeps no document state of its own.
 */
export function PosterStage(props: PosterStageProps) {
  const container = useRef<HTMLDivElement>(null);
  const handles = useRef<Handles | null>(null);
  // The latest props for Konva's event handlers, which are bound once.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const stage = new Konva.Stage({ container: container.current!, width: 1, height: 1 });
    const content = new Konva.Layer();
    const overlay = new Konva.Layer();
    const guides = new Konva.Group({ listening: false });
    const transformer = new Konva.Transformer({
      rotateEnabled: true,
      flipEnabled: false,
      ignoreStroke: true,
      anchorSize: 9,
      borderStroke: '#1d4ed8',
      anchorStroke: '#1d4ed8',
      boundBoxFunc: (oldBox, newBox) => (newBox.width < 4 || newBox.height < 4 ? oldBox : newBox),
    });
    overlay.add(guides, transformer);
    stage.add(content, overlay);
    handles.current = { stage, content, overlay, transformer, guides };

    const layerIdOf = (node: Konva.Node | null): string | null => {
      for (let n: Konva.Node | null = node; n; n = n.getParent())
        if (n.hasName('poster-layer')) return n.id();
      return null;
    };

    stage.on('click tap', (e) => {
      if (e.target.getParent() === (transformer as Konva.Node)) return;
      const id = layerIdOf(e.target);
      const additive = 'shiftKey' in e.evt && (e.evt as MouseEvent).shiftKey;
      latest.current.onSelect(id ? [id] : [], additive);
    });

    let drag: {
      ids: string[];
      start: Map<string, { x: number; y: number }>;
      box: Box;
      anchor: string;
    } | null = null;
    content.on('dragstart', (e) => {
      const id = layerIdOf(e.target);
      if (!id) return;
      const { doc, selection } = latest.current;
      const ids = selection.includes(id) ? [...selection] : expandToGroups(doc, [id]);
      if (!selection.includes(id)) latest.current.onSelect(ids, false);
      const movable = ids.filter((i) => !findLayer(doc, i)?.locked);
      const start = new Map(movable.map((i) => [i, { ...content.findOne(`#${i}`)!.position() }]));
      const boxes = movable.map((i) => boundingBox(findLayer(doc, i)!));
      drag = { ids: movable, start, box: unionBox(boxes), anchor: id };
    });
    content.on('dragmove', (e) => {
      if (!drag) return;
      const { doc, zoom, snap = true } = latest.current;
      const origin = drag.start.get(drag.anchor);
      if (!origin) return;
      let dx = e.target.x() - origin.x;
      let dy = e.target.y() - origin.y;
      guides.destroyChildren();
      if (snap) {
        const moved = { ...drag.box, x: drag.box.x + dx, y: drag.box.y + dy };
        const snapped = snapBox(moved, snapTargets(doc, drag.ids), SNAP_PX / zoom);
        dx += snapped.x - moved.x;
        dy += snapped.y - moved.y;
        const { width, height } = pageSize(doc.page);
        const line = (points: number[]) =>
          new Konva.Line({ points, stroke: GUIDE_COLOUR, strokeWidth: 1 / zoom, dash: [4 / zoom, 3 / zoom] });
        for (const x of snapped.lines.vertical) guides.add(line([x, 0, x, height]));
        for (const y of snapped.lines.horizontal) guides.add(line([0, y, width, y]));
      }
      for (const [id, p] of drag.start) content.findOne(`#${id}`)?.position({ x: p.x + dx, y: p.y + dy });
      overlay.batchDraw();
    });
    content.on('dragend', (e) => {
      if (!drag) return;
      const origin = drag.start.get(drag.anchor);
      const dx = origin ? e.target.x() - origin.x : 0;
      const dy = origin ? e.target.y() - origin.y : 0;
      const ids = drag.ids;
      drag = null;
      guides.destroyChildren();
      overlay.batchDraw();
      if (ids.length && (dx !== 0 || dy !== 0)) latest.current.onCommand({ type: 'layer.move', ids, dx, dy });
    });
    transformer.on('transformend', () => {
      const node = transformer.nodes()[0];
      if (!node || transformer.nodes().length !== 1) return;
      const layer = findLayer(latest.current.doc, node.id());
      if (!layer) return;
      const width = Math.max(1, layer.width * node.scaleX());
      const height = Math.max(1, layer.height * node.scaleY());
      node.scale({ x: 1, y: 1 });
      if (Math.abs(node.rotation() - layer.rotation) > 0.01)
        latest.current.onCommand({ type: 'layer.rotate', id: layer.id, rotation: node.rotation() });
      latest.current.onCommand({
        type: 'layer.resize',
        id: layer.id,
        x: node.x(),
        y: node.y(),
        width,
        height,
      });
    });

    // Text is drawn in the poster fonts: redraw once they are in.
    void loadPosterFonts().then(() => content.batchDraw());
    return () => {
      handles.current = null;
      stage.destroy();
    };
  }, []);

  const { doc, assets, zoom, selection } = props;
  useEffect(() => {
    const h = handles.current;
    if (!h) return;
    const { width, height } = pageSize(doc.page);
    h.stage.size({ width: Math.round(width * zoom), height: Math.round(height * zoom) });
    h.stage.scale({ x: zoom, y: zoom });
    drawPoster(h.content, doc, assets);
    const selected = new Set(selection);
    const nodes: Konva.Node[] = [];
    for (const layer of doc.layers) {
      const node = h.content.findOne(`#${layer.id}`);
      if (!node) continue;
      node.draggable(!layer.locked);
      if (selected.has(layer.id)) nodes.push(node);
    }
    const single = nodes.length === 1 ? findLayer(doc, nodes[0]!.id()) : undefined;
    h.transformer.nodes(nodes);
    h.transformer.resizeEnabled(!!single && !single.locked);
    h.transformer.rotateEnabled(!!single && !single.locked);
    h.transformer.keepRatio(single?.kind === 'qr' || single?.kind === 'image');
    h.stage.batchDraw();
  }, [doc, assets, zoom, selection]);

  // Focusable, so that after a click on the page the editor's keyboard shortcuts reach the editor.
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  return <div ref={container} role="region" aria-label={props.label} tabIndex={0} data-poster-stage="" />;
}
