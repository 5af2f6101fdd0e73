import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createEditor,
  edit,
  emptyPoster,
  PosterEditError,
  qrLayer,
  redo,
  select,
  shapeLayer,
  textLayer,
  undo,
  type EditorState,
} from '../src/index.ts';

const start = (): EditorState => createEditor(emptyPoster());
const ids = (s: EditorState) => s.doc.layers.map((l) => l.id);

describe('editing', () => {
  it('adds a layer, selects it, and undo/redo walk the history', () => {
    let s = start();
    s = edit(s, { type: 'layer.add', layer: textLayer({ id: 'a', text: 'Hello' }) });
    expect(ids(s)).toEqual(['a']);
    expect(s.selection).toEqual(['a']);
    s = edit(s, { type: 'layer.move', ids: ['a'], dx: 5, dy: -3 });
    expect(s.doc.layers[0]).toMatchObject({ x: 25, y: 17 });
    s = undo(s);
    expect(s.doc.layers[0]).toMatchObject({ x: 20, y: 20 });
    expect(canRedo(s)).toBe(true);
    s = undo(s);
    expect(ids(s)).toEqual([]);
    expect(s.selection).toEqual([]);
    expect(canUndo(s)).toBe(false);
    expect(undo(s)).toBe(s);
    s = redo(redo(s));
    expect(s.doc.layers[0]).toMatchObject({ x: 25, y: 17 });
    expect(canRedo(s)).toBe(false);
    expect(redo(s)).toBe(s);
  });

  it('a new edit after undo drops the redo branch', () => {
    let s = edit(start(), { type: 'layer.add', layer: shapeLayer({ id: 'a' }) });
    s = edit(s, { type: 'layer.move', ids: ['a'], dx: 10, dy: 0 });
    s = undo(s);
    s = edit(s, { type: 'layer.move', ids: ['a'], dx: 0, dy: 10 });
    expect(canRedo(s)).toBe(false);
    expect(s.doc.layers[0]).toMatchObject({ x: 20, y: 30 });
  });

  it('coalesces edits with the same key into one step, and a no-op adds no step', () => {
    let s = edit(start(), { type: 'layer.add', layer: textLayer({ id: 't' }) });
    for (const text of ['H', 'He', 'Hel', 'Hello'])
      s = edit(s, { type: 'layer.restyle', id: 't', patch: { text } }, { coalesce: 'text:t' });
    expect(s.past).toHaveLength(2);
    expect(edit(s, { type: 'layer.move', ids: ['t'], dx: 0, dy: 0 })).toBe(s);
    expect(edit(s, { type: 'layer.restyle', id: 't', patch: { text: 'Hello' } })).toBe(s);
    s = undo(s);
    expect(s.doc.layers[0]).toMatchObject({ text: 'Your text' });
  });

  it('resizes, rotates (normalised) and restyles; refuses values out of the rules without changing anything', () => {
    let s = edit(start(), { type: 'layer.add', layer: shapeLayer({ id: 's' }) });
    s = edit(s, { type: 'layer.resize', id: 's', x: 10, y: 12, width: 80, height: 30 });
    s = edit(s, { type: 'layer.rotate', id: 's', rotation: 270 });
    s = edit(s, { type: 'layer.restyle', id: 's', patch: { fill: '#ff0000', shape: 'ellipse' } });
    expect(s.doc.layers[0]).toMatchObject({
      x: 10,
      y: 12,
      width: 80,
      height: 30,
      rotation: -90,
      fill: '#ff0000',
      shape: 'ellipse',
    });
    const before = s;
    expect(() => edit(s, { type: 'layer.resize', id: 's', x: 0, y: 0, width: 0, height: 5 })).toThrow(
      /width must be a positive number/,
    );
    expect(() => edit(s, { type: 'layer.restyle', id: 's', patch: { fill: 'red' } })).toThrow(
      /fill must be a colour/,
    );
    expect(() => edit(s, { type: 'layer.restyle', id: 's', patch: { kind: 'text', id: 'x' } })).not.toThrow();
    expect(s).toBe(before);
    expect(s.doc.layers[0]).toMatchObject({ kind: 'shape', id: 's' });
  });

  it('leaves locked layers where they are', () => {
    let s = edit(start(), { type: 'layer.add', layer: shapeLayer({ id: 'l', locked: true }) });
    expect(edit(s, { type: 'layer.move', ids: ['l'], dx: 3, dy: 3 })).toBe(s);
    s = edit(s, { type: 'layer.restyle', id: 'l', patch: { locked: false } });
    expect(edit(s, { type: 'layer.move', ids: ['l'], dx: 3, dy: 3 }).doc.layers[0]).toMatchObject({ x: 23 });
  });

  it('refuses a second QR code, a repeated id and an unknown layer', () => {
    let s = edit(start(), { type: 'layer.add', layer: qrLayer({ id: 'q' }) });
    expect(() => edit(s, { type: 'layer.add', layer: qrLayer({ id: 'q2' }) })).toThrow(PosterEditError);
    expect(() => edit(s, { type: 'layer.add', layer: shapeLayer({ id: 'q' }) })).toThrow(/already exists/);
    expect(() => edit(s, { type: 'layer.move', ids: ['nope'], dx: 1, dy: 1 })).toThrow(/no layer nope/);
    s = edit(s, { type: 'layer.remove', ids: ['q'] });
    expect(s.doc.layers).toEqual([]);
  });

  it('changes the page and refuses an unknown paper size', () => {
    let s = edit(start(), { type: 'page.set', page: { size: 'A3', orientation: 'landscape' } });
    expect(s.doc.page).toEqual({ size: 'A3', orientation: 'landscape', background: '#ffffff' });
    expect(() => edit(s, { type: 'page.set', page: { size: 'A5' as 'A4' } })).toThrow(/page.size/);
    s = undo(s);
    expect(s.doc.page.size).toBe('A4');
  });

  it('adds and removes guides, kept sorted and unique', () => {
    let s = edit(start(), { type: 'guide.add', axis: 'vertical', position: 100 });
    s = edit(s, { type: 'guide.add', axis: 'vertical', position: 50 });
    expect(edit(s, { type: 'guide.add', axis: 'vertical', position: 50 })).toBe(s);
    expect(s.doc.guides.vertical).toEqual([50, 100]);
    s = edit(s, { type: 'guide.remove', axis: 'vertical', index: 0 });
    expect(s.doc.guides.vertical).toEqual([100]);
  });
});

describe('z-order', () => {
  const three = () =>
    ['a', 'b', 'c'].reduce((s, id) => edit(s, { type: 'layer.add', layer: shapeLayer({ id }) }), start());

  it('brings forward, sends backward, to front and to back', () => {
    let s = three();
    s = edit(s, { type: 'layer.reorder', id: 'a', to: 'forward' });
    expect(ids(s)).toEqual(['b', 'a', 'c']);
    s = edit(s, { type: 'layer.reorder', id: 'a', to: 'front' });
    expect(ids(s)).toEqual(['b', 'c', 'a']);
    expect(edit(s, { type: 'layer.reorder', id: 'a', to: 'front' })).toBe(s);
    s = edit(s, { type: 'layer.reorder', id: 'a', to: 'back' });
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    s = edit(s, { type: 'layer.reorder', id: 'c', to: 'backward' });
    expect(ids(s)).toEqual(['a', 'c', 'b']);
    expect(edit(s, { type: 'layer.reorder', id: 'a', to: 'backward' })).toBe(s);
  });
});

describe('grouping', () => {
  it('groups layers into one block, selects and moves them together, and ungroups', () => {
    let s = ['a', 'b', 'c', 'd'].reduce(
      (st, id) => edit(st, { type: 'layer.add', layer: shapeLayer({ id }) }),
      start(),
    );
    s = edit(s, { type: 'layers.group', ids: ['a', 'c'], groupId: 'g1' });
    expect(ids(s)).toEqual(['b', 'a', 'c', 'd']);
    s = select(s, ['a']);
    expect(s.selection).toEqual(['a', 'c']);
    s = edit(s, { type: 'layer.move', ids: s.selection, dx: 5, dy: 5 });
    expect(s.doc.layers.filter((l) => l.x === 25).map((l) => l.id)).toEqual(['a', 'c']);
    s = edit(s, { type: 'layer.reorder', id: 'c', to: 'front' });
    expect(ids(s)).toEqual(['b', 'd', 'a', 'c']);
    s = edit(s, { type: 'layer.reorder', id: 'a', to: 'back' });
    expect(ids(s)).toEqual(['a', 'c', 'b', 'd']);
    s = edit(s, { type: 'layers.ungroup', groupId: 'g1' });
    expect(s.doc.layers.every((l) => l.groupId === null)).toBe(true);
    expect(select(s, ['a']).selection).toEqual(['a']);
    expect(() => edit(s, { type: 'layers.group', ids: ['a'], groupId: 'g2' })).toThrow(/at least two/);
    expect(() => edit(s, { type: 'layers.group', ids: ['a', 'b'], groupId: 'bad id!' })).toThrow(/group id/);
  });
});
