import {
  layerSchema,
  pageSchema,
  posterDocumentSchema,
  type Layer,
  type PageSpec,
  type PosterDocument,
} from './document.ts';

export type Axis = 'vertical' | 'horizontal';
export type ZMove = 'front' | 'back' | 'forward' | 'backward';

/** The fields a restyle may change: everything but the id and the kind. */
export type LayerPatch = Partial<Omit<Layer, 'id' | 'kind'>> & Record<string, unknown>;

export type EditCommand =
  | { type: 'layer.add'; layer: Layer }
  | { type: 'layer.remove'; ids: readonly string[] }
  | { type: 'layer.move'; ids: readonly string[]; dx: number; dy: number }
  | { type: 'layer.resize'; id: string; x: number; y: number; width: number; height: number }
  | { type: 'layer.rotate'; id: string; rotation: number }
  | { type: 'layer.restyle'; id: string; patch: LayerPatch }
  | { type: 'layer.reorder'; id: string; to: ZMove }
  | { type: 'layers.group'; ids: readonly string[]; groupId: string }
  | { type: 'layers.ungroup'; groupId: string }
  | { type: 'page.set'; page: Partial<PageSpec> }
  | { type: 'guide.add'; axis: Axis; position: number }
  | { type: 'guide.remove'; axis: Axis; index: number }
  | { type: 'document.replace'; doc: PosterDocument };

/** An edit that would break the document (a second QR code, a negative width, an unknown layer…). */
export class PosterEditError extends Error {
  override name = 'PosterEditError';
}

const HISTORY_LIMIT = 200;

export interface EditorState {
  readonly doc: PosterDocument;
  /** Selected layer ids. */
  readonly selection: readonly string[];
  readonly past: readonly PosterDocument[];
  readonly future: readonly PosterDocument[];
  /** The coalescing key of the last edit (see `edit`'s options). */
  readonly lastKey: string | null;
}

export function createEditor(doc: PosterDocument): EditorState {
  return { doc, selection: [], past: [], future: [], lastKey: null };
}

export const canUndo = (s: EditorState): boolean => s.past.length > 0;
export const canRedo = (s: EditorState): boolean => s.future.length > 0;

/**
 * Applies a command as one undoable step. Edits with the same `coalesce` key in a row (typing into a text box,
 * nudging with the arrow keys) make one step. A command that changes nothing adds no step.
 */
export function edit(
  state: EditorState,
  command: EditCommand,
  options: { coalesce?: string } = {},
): EditorState {
  const doc = applyCommand(state.doc, command);
  if (doc === state.doc) return state;
  const key = options.coalesce ?? null;
  const merge = key !== null && key === state.lastKey && state.past.length > 0;
  const past = merge ? state.past : [...state.past, state.doc].slice(-HISTORY_LIMIT);
  const ids = new Set(doc.layers.map((l) => l.id));
  const selection =
    command.type === 'layer.add' ? [command.layer.id] : state.selection.filter((id) => ids.has(id));
  return { doc, selection, past, future: [], lastKey: key };
}

export function undo(state: EditorState): EditorState {
  const previous = state.past.at(-1);
  if (!previous) return state;
  return withDoc(state, previous, state.past.slice(0, -1), [state.doc, ...state.future]);
}

export function redo(state: EditorState): EditorState {
  const next = state.future[0];
  if (!next) return state;
  return withDoc(state, next, [...state.past, state.doc], state.future.slice(1));
}

function withDoc(
  state: EditorState,
  doc: PosterDocument,
  past: readonly PosterDocument[],
  future: readonly PosterDocument[],
): EditorState {
  const ids = new Set(doc.layers.map((l) => l.id));
  return { doc, past, future, selection: state.selection.filter((id) => ids.has(id)), lastKey: null };
}

/** Selects layers; a layer in a group selects its whole group. Unknown ids are dropped. */
export function select(state: EditorState, ids: readonly string[]): EditorState {
  return { ...state, selection: expandToGroups(state.doc, ids), lastKey: null };
}

/** The ids plus every other member of their groups, in document order. */
export function expandToGroups(doc: PosterDocument, ids: readonly string[]): string[] {
  const wanted = new Set(ids);
  const groups = new Set(
    doc.layers.filter((l) => wanted.has(l.id) && l.groupId !== null).map((l) => l.groupId as string),
  );
  return doc.layers
    .filter((l) => wanted.has(l.id) || (l.groupId !== null && groups.has(l.groupId)))
    .map((l) => l.id);
}

export function findLayer(doc: PosterDocument, id: string): Layer | undefined {
  return doc.layers.find((l) => l.id === id);
}

function requireLayer(doc: PosterDocument, id: string): Layer {
  const layer = findLayer(doc, id);
  if (!layer) throw new PosterEditError(`There is no layer ${id} on this poster.`);
  return layer;
}

function checked(layer: Layer): Layer {
  const result = layerSchema.safeParse(layer);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new PosterEditError(`${issue?.path.join('.') || 'layer'} ${issue?.message ?? 'is invalid'}`);
  }
  return result.data;
}

function replaceLayers(doc: PosterDocument, changed: Map<string, Layer>): PosterDocument {
  if (changed.size === 0) return doc;
  return { ...doc, layers: doc.layers.map((l) => changed.get(l.id) ?? l) };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

/** The document after one command (the same object when nothing changes). Throws `PosterEditError` on a bad edit. */
export function applyCommand(doc: PosterDocument, command: EditCommand): PosterDocument {
  switch (command.type) {
    case 'layer.add': {
      const layer = checked(command.layer);
      if (findLayer(doc, layer.id))
        throw new PosterEditError(`A layer with the id ${layer.id} already exists.`);
      if (layer.kind === 'qr' && doc.layers.some((l) => l.kind === 'qr'))
        throw new PosterEditError('A poster has one QR code; move or restyle the one it has.');
      return { ...doc, layers: [...doc.layers, layer] };
    }
    case 'layer.remove': {
      const ids = new Set(command.ids);
      const layers = doc.layers.filter((l) => !ids.has(l.id));
      return layers.length === doc.layers.length ? doc : { ...doc, layers };
    }
    case 'layer.move': {
      if (command.dx === 0 && command.dy === 0) return doc;
      const changed = new Map<string, Layer>();
      for (const id of command.ids) {
        const layer = requireLayer(doc, id);
        if (layer.locked) continue;
        changed.set(
          id,
          checked({ ...layer, x: round(layer.x + command.dx), y: round(layer.y + command.dy) }),
        );
      }
      return replaceLayers(doc, changed);
    }
    case 'layer.resize': {
      const layer = requireLayer(doc, command.id);
      if (layer.locked) return doc;
      const { x, y, width, height } = command;
      if (layer.x === x && layer.y === y && layer.width === width && layer.height === height) return doc;
      return replaceLayers(
        doc,
        new Map([
          [
            layer.id,
            checked({ ...layer, x: round(x), y: round(y), width: round(width), height: round(height) }),
          ],
        ]),
      );
    }
    case 'layer.rotate': {
      const layer = requireLayer(doc, command.id);
      // Normalised to (-180, 180].
      let rotation = round(((command.rotation % 360) + 360) % 360);
      if (rotation > 180) rotation -= 360;
      if (layer.locked || layer.rotation === rotation) return doc;
      return replaceLayers(doc, new Map([[layer.id, checked({ ...layer, rotation })]]));
    }
    case 'layer.restyle': {
      const layer = requireLayer(doc, command.id);
      const patch = { ...command.patch };
      delete patch.id;
      delete patch.kind;
      const next = checked({ ...layer, ...patch } as Layer);
      if (JSON.stringify(next) === JSON.stringify(layer)) return doc;
      return replaceLayers(doc, new Map([[layer.id, next]]));
    }
    case 'layer.reorder':
      return reorder(doc, command.id, command.to);
    case 'layers.group': {
      const ids = new Set(command.ids);
      if (ids.size < 2) throw new PosterEditError('Select at least two layers to group.');
      for (const id of ids) requireLayer(doc, id);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(command.groupId))
        throw new PosterEditError('A group id is 1–64 letters, digits, _ or -.');
      if (doc.layers.some((l) => l.groupId === command.groupId && !ids.has(l.id)))
        throw new PosterEditError(`The group id ${command.groupId} is already in use.`);
      // Members become one contiguous block where the topmost of them was.
      const members = doc.layers
        .filter((l) => ids.has(l.id))
        .map((l) => ({ ...l, groupId: command.groupId }));
      const topIndex = Math.max(...doc.layers.map((l, i) => (ids.has(l.id) ? i : -1)));
      const before = doc.layers.slice(0, topIndex + 1).filter((l) => !ids.has(l.id));
      const after = doc.layers.slice(topIndex + 1);
      return { ...doc, layers: [...before, ...members, ...after] };
    }
    case 'layers.ungroup': {
      if (!doc.layers.some((l) => l.groupId === command.groupId)) return doc;
      return {
        ...doc,
        layers: doc.layers.map((l) => (l.groupId === command.groupId ? { ...l, groupId: null } : l)),
      };
    }
    case 'page.set': {
      const result = pageSchema.safeParse({ ...doc.page, ...command.page });
      if (!result.success)
        throw new PosterEditError(
          `page.${result.error.issues[0]?.path.join('.')} ${result.error.issues[0]?.message}`,
        );
      const page = result.data;
      if (JSON.stringify(page) === JSON.stringify(doc.page)) return doc;
      return { ...doc, page };
    }
    case 'guide.add': {
      if (!Number.isFinite(command.position))
        throw new PosterEditError('A guide needs a position in millimetres.');
      const list = doc.guides[command.axis];
      const position = round(command.position);
      if (list.includes(position)) return doc;
      if (list.length >= 50) throw new PosterEditError('A poster has at most 50 guides on each axis.');
      return { ...doc, guides: { ...doc.guides, [command.axis]: [...list, position].sort((a, b) => a - b) } };
    }
    case 'guide.remove': {
      const list = doc.guides[command.axis];
      if (command.index < 0 || command.index >= list.length) return doc;
      return {
        ...doc,
        guides: { ...doc.guides, [command.axis]: list.filter((_, i) => i !== command.index) },
      };
    }
    case 'document.replace': {
      const result = posterDocumentSchema.safeParse(command.doc);
      if (!result.success) throw new PosterEditError('That poster document is not valid.');
      return result.data;
    }
  }
}

function reorder(doc: PosterDocument, id: string, to: ZMove): PosterDocument {
  const layer = requireLayer(doc, id);
  // A grouped layer moves with its group, as one block.
  const block = new Set(expandToGroups(doc, [layer.id]));
  const inBlock = doc.layers.filter((l) => block.has(l.id));
  const rest = doc.layers.filter((l) => !block.has(l.id));
  const firstIndex = doc.layers.findIndex((l) => block.has(l.id));
  // Where the block sits among the others: the count of other layers below it.
  const below = doc.layers.slice(0, firstIndex).filter((l) => !block.has(l.id)).length;
  let at: number;
  switch (to) {
    case 'front':
      at = rest.length;
      break;
    case 'back':
      at = 0;
      break;
    case 'forward':
      at = Math.min(rest.length, below + 1);
      break;
    case 'backward':
      at = Math.max(0, below - 1);
      break;
  }
  if (at === below) return doc;
  return { ...doc, layers: [...rest.slice(0, at), ...inBlock, ...rest.slice(at)] };
}
