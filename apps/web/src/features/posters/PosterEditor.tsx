import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  canRedo,
  canUndo,
  createEditor,
  edit,
  expandToGroups,
  findLayer,
  imageLayer,
  MIN_QR_SIDE_MM,
  newId,
  pageSize,
  parsePoster,
  PosterEditError,
  PosterFormatError,
  qrLayer,
  redo,
  select,
  serializePoster,
  shapeLayer,
  shortcutAction,
  textLayer,
  posterImageMessages,
  posterImageProblem,
  trackingUrl,
  undo,
  type EditCommand,
  type EditorAction,
  type EditorState,
  type Layer,
} from '@pentland/poster';
import { exportPdf, exportPng, PosterStage, type PosterAssets } from '@pentland/poster-canvas';
import {
  Alert,
  Button,
  clearLocalDraft,
  decodeImage,
  readLocalDraft,
  SaveStatus,
  Spinner,
  TextField,
  useAutosave,
} from '@pentland/ui';
import { LayerProperties, LayersPanel, PosterToolbar, type PosterToolbarAction } from '@pentland/screens';
import { loadSupabase } from '../../lib/supabase.ts';
import { documentOf, getPoster, loadImage, removeImage, savePoster, uploadImage } from './data.ts';
import * as css from './poster.css.ts';

const draftKey = (id: string) => `poster-draft:${id}`;

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileName = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'poster';

/** What autosave keeps: the title and the versioned JSON of the document. */
interface Saved {
  title: string;
  design: string;
}

interface Loaded {
  title: string;
  editor: EditorState;
  /** What the server has. */
  server: Saved;
  /** A local draft differed from the server's copy. */
  restored: boolean;
}

/** The poster editor for one saved poster: canvas, toolbar, panels, autosave and export. */
export function PosterEditor({ id, userId, onClose }: { id: string; userId: string; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadSupabase()
      .then((client) => getPoster(client, id))
      .then((row) => {
        if (!live) return;
        if (!row) return setLoadError('This poster does not exist, or it is not yours.');
        let title = row.title;
        let doc = documentOf(row);
        const server = { title, design: serializePoster(doc) };
        let restored = false;
        const draft = readLocalDraft<Saved>(draftKey(id));
        if (draft && (draft.title !== server.title || draft.design !== server.design)) {
          try {
            doc = parsePoster(draft.design);
            title = draft.title;
            restored = true;
          } catch {
            clearLocalDraft(draftKey(id));
          }
        }
        setLoaded({ title, editor: createEditor(doc), server, restored });
      })
      .catch((e: unknown) => {
        if (!live) return;
        setLoadError(
          e instanceof PosterFormatError
            ? `This poster could not be opened: ${e.message}`
            : e instanceof Error
              ? e.message
              : 'The poster could not be loaded.',
        );
      });
    return () => {
      live = false;
    };
  }, [id]);

  if (loadError)
    return (
      <div className={css.stack}>
        <Alert tone="error" title="The poster could not be opened">
          {loadError}
        </Alert>
        <Button type="button" variant="secondary" onClick={onClose}>
          Back to my posters
        </Button>
      </div>
    );
  if (!loaded) return <Spinner label="Opening the poster..." showLabel />;
  return <Editor id={id} userId={userId} initial={loaded} onClose={onClose} />;
}

function Editor({
  id,
  userId,
  initial,
  onClose,
}: {
  id: string;
  userId: string;
  initial: Loaded;
  onClose: () => void;
}) {
  const [state, setState] = useState(initial.editor);
  const stateRef = useRef(state);
  const [title, setTitle] = useState(initial.title);
  const [message, setMessage] = useState<string | null>(
    initial.restored ? 'Unsaved changes from this device were restored.' : null,
  );
  const [images, setImages] = useState<Map<string, HTMLImageElement>>(new Map());
  const [exporting, setExporting] = useState<'png' | 'pdf' | null>(null);
  const [zoom, setZoom] = useState(2.4);
  const stageBox = useRef<HTMLDivElement>(null);
  const doc = state.doc;

  const commit = useCallback((next: EditorState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const apply = useCallback(
    (command: EditCommand, coalesce?: string) => {
      try {
        commit(edit(stateRef.current, command, { coalesce }));
        setMessage(null);
      } catch (e) {
        if (e instanceof PosterEditError) setMessage(e.message);
        else throw e;
      }
    },
    [commit],
  );

  // ——— autosave (the ui kit's): a second after the last change; a local draft is kept until the server has it ———
  const value = useMemo<Saved>(() => ({ title, design: serializePoster(doc) }), [title, doc]);
  const autosave = useAutosave<Saved>({
    value,
    save: async (v) => savePoster(await loadSupabase(), id, v.title.trim() || 'Untitled poster', v.design),
    delay: 1000,
    storageKey: draftKey(id),
  });
  useEffect(() => {
    // A restored draft is not what the server has: say so, and send it.
    if (!initial.restored) return;
    autosave.markSaved(initial.server);
    void autosave.flush();
    // Once, when the editor opens (markSaved and flush are stable).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // ——— images: each stored image of the document, loaded once ———
  useEffect(() => {
    for (const layer of doc.layers) {
      if (layer.kind !== 'image' || images.has(layer.src)) continue;
      const src = layer.src;
      loadSupabase()
        .then((client) => loadImage(client, src))
        .then((img) => setImages((m) => new Map(m).set(src, img)))
        .catch(() => setMessage('An image of this poster could not be loaded.'));
    }
  }, [doc, images]);

  // ——— fit the page to the space beside the panels ———
  useEffect(() => {
    const box = stageBox.current;
    if (!box) return;
    const fit = () =>
      setZoom(
        Math.max(0.5, Math.min(4, Math.floor(((box.clientWidth - 16) / pageSize(doc.page).width) * 20) / 20)),
      );
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [doc.page]);

  const qr = doc.layers.find((l) => l.kind === 'qr');
  const qrUrl = useMemo(
    () =>
      qr?.kind === 'qr'
        ? trackingUrl({ origin: window.location.origin, landing: qr.landing, posterId: id })
        : null,
    [qr, id],
  );
  const assets: PosterAssets = useMemo(() => ({ images, qrUrl }), [images, qrUrl]);

  const selected = state.selection;
  const single = selected.length === 1 ? (findLayer(doc, selected[0]!) ?? null) : null;
  const groupIds = new Set(selected.map((s) => findLayer(doc, s)?.groupId ?? null));
  const grouped = selected.length > 1 && groupIds.size === 1 && !groupIds.has(null);

  const add = (layer: Layer) => apply({ type: 'layer.add', layer });
  const place = { x: 30, y: 30 };

  const run = async (action: EditorAction | { type: PosterToolbarAction }) => {
    const s = stateRef.current;
    switch (action.type) {
      case 'undo':
        return commit(undo(s));
      case 'redo':
        return commit(redo(s));
      case 'delete':
        return s.selection.length && apply({ type: 'layer.remove', ids: s.selection });
      case 'duplicate': {
        const copies = s.selection
          .map((sid) => findLayer(s.doc, sid))
          .filter((l): l is Layer => !!l && l.kind !== 'qr')
          .map((l) => ({ ...l, id: newId(), name: `${l.name} copy`, x: l.x + 5, y: l.y + 5, groupId: null }));
        for (const c of copies) apply({ type: 'layer.add', layer: c }, 'duplicate');
        return;
      }
      case 'group':
        return apply({ type: 'layers.group', ids: s.selection, groupId: newId() });
      case 'ungroup': {
        const g = s.selection.map((sid) => findLayer(s.doc, sid)?.groupId).find(Boolean);
        return g && apply({ type: 'layers.ungroup', groupId: g });
      }
      case 'reorder':
        return s.selection[0] && apply({ type: 'layer.reorder', id: s.selection.at(-1)!, to: action.to });
      case 'forward':
      case 'backward':
        return s.selection[0] && apply({ type: 'layer.reorder', id: s.selection.at(-1)!, to: action.type });
      case 'nudge':
        return (
          s.selection.length &&
          apply({ type: 'layer.move', ids: s.selection, dx: action.dx, dy: action.dy }, 'nudge')
        );
      case 'selectAll':
        return commit(
          select(
            s,
            s.doc.layers.map((l) => l.id),
          ),
        );
      case 'deselect':
        return commit(select(s, []));
      case 'addText':
        return add(textLayer({ ...place, width: 120, height: 20, text: 'New text' }));
      case 'addRect':
        return add(shapeLayer({ ...place, name: 'Rectangle' }));
      case 'addEllipse':
        return add(shapeLayer({ ...place, name: 'Ellipse', shape: 'ellipse', fill: '#0f766e' }));
      case 'addLine':
        return add(
          shapeLayer({ ...place, name: 'Line', shape: 'line', height: 1, width: 100, fill: '#0f172a' }),
        );
      case 'addQr': {
        const { width, height } = pageSize(s.doc.page);
        return add(qrLayer({ x: width - 60, y: height - 60, width: 45, height: 45 }));
      }
      case 'exportPng':
      case 'exportPdf': {
        const kind = action.type === 'exportPng' ? 'png' : 'pdf';
        setExporting(kind);
        try {
          const blob =
            kind === 'png' ? await exportPng(s.doc, assets) : await exportPdf(s.doc, assets, { title });
          download(blob, `${fileName(title)}.${kind}`);
        } catch (e) {
          setMessage(
            `The ${kind.toUpperCase()} could not be made: ${e instanceof Error ? e.message : String(e)}`,
          );
        } finally {
          setExporting(null);
        }
        return;
      }
    }
  };

  // Checked, then decoded here before anything is uploaded; an upload that cannot be shown is removed again.
  const onImage = async (file: File) => {
    const problem = posterImageProblem(file);
    if (problem) return setMessage(problem);
    if (!(await decodeImage(file))) return setMessage(posterImageMessages.unreadable);
    setMessage(`Uploading ${file.name}…`);
    let path: string;
    try {
      path = await uploadImage(await loadSupabase(), userId, file);
    } catch (e) {
      return setMessage(e instanceof Error ? e.message : posterImageMessages.notStored);
    }
    let img: HTMLImageElement;
    try {
      img = await loadImage(await loadSupabase(), path);
    } catch {
      await removeImage(await loadSupabase(), path).catch(() => undefined);
      return setMessage(posterImageMessages.unreadable);
    }
    setImages((m) => new Map(m).set(path, img));
    const width = 80;
    const height = Math.max(1, Math.round((width * img.naturalHeight) / img.naturalWidth));
    add(imageLayer(path, { ...place, width, height, name: file.name.slice(0, 120), alt: '' }));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (
      target.closest('input, textarea, select, [role="combobox"], [role="listbox"], [contenteditable="true"]')
    )
      return;
    const action = shortcutAction(e);
    if (!action) return;
    e.preventDefault();
    void run(action);
  };

  const qrAdvice =
    single?.kind === 'qr' && Math.min(single.width, single.height) < MIN_QR_SIDE_MM
      ? `At ${Math.round(Math.min(single.width, single.height))} mm the QR code may not scan. Make it at least ${MIN_QR_SIDE_MM} mm wide.`
      : undefined;

  return (
    // The editor's keyboard shortcuts work wherever focus is inside it (but not while typing in a field).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={css.editor} onKeyDown={onKeyDown}>
      <div className={css.titleRow}>
        <TextField
          label="Poster title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Button type="button" variant="ghost" onClick={onClose}>
          Back to my posters
        </Button>
      </div>
      <PosterToolbar
        view={{
          canUndo: canUndo(state),
          canRedo: canRedo(state),
          selected: selected.length,
          grouped,
          hasQr: !!qr,
          exporting,
        }}
        onAction={(a) => void run({ type: a })}
        onImage={(f) => void onImage(f)}
        status={
          <span data-save-state={autosave.status}>
            <SaveStatus
              status={autosave.status}
              error={autosave.error}
              onRetry={() => void autosave.flush()}
            />
          </span>
        }
      />
      {message && <Alert tone="info">{message}</Alert>}
      <div className={css.workspace}>
        <div ref={stageBox} className={css.stageBox}>
          <PosterStage
            doc={doc}
            selection={selected}
            assets={assets}
            zoom={zoom}
            label="Poster canvas: click a layer to select it, drag to move it"
            onSelect={(ids, additive) =>
              commit(select(stateRef.current, additive ? [...stateRef.current.selection, ...ids] : ids))
            }
            onCommand={(c) => apply(c)}
          />
        </div>
        <div className={css.panels}>
          <LayerProperties
            layer={single}
            selectedCount={selected.length}
            page={doc.page}
            qrUrl={single?.kind === 'qr' ? (qrUrl ?? undefined) : undefined}
            message={qrAdvice}
            onLayerChange={(patch, field) =>
              single && apply({ type: 'layer.restyle', id: single.id, patch }, `${single.id}:${field}`)
            }
            onPageChange={(page) => apply({ type: 'page.set', page })}
          />
          <LayersPanel
            layers={doc.layers.map((l) => ({
              id: l.id,
              name: l.name,
              kind: l.kind,
              hidden: l.hidden,
              locked: l.locked,
              grouped: l.groupId !== null,
            }))}
            selection={selected}
            onSelect={(lid, additive) =>
              commit(
                select(
                  stateRef.current,
                  additive
                    ? [...stateRef.current.selection, lid]
                    : expandToGroups(stateRef.current.doc, [lid]),
                ),
              )
            }
            onToggleHidden={(lid) => {
              const l = findLayer(doc, lid);
              if (l) apply({ type: 'layer.restyle', id: lid, patch: { hidden: !l.hidden } });
            }}
            onToggleLocked={(lid) => {
              const l = findLayer(doc, lid);
              if (l) apply({ type: 'layer.restyle', id: lid, patch: { locked: !l.locked } });
            }}
            onMove={(lid, to) => apply({ type: 'layer.reorder', id: lid, to })}
          />
        </div>
      </div>
    </div>
  );
}
