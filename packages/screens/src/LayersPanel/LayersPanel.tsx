import * as css from './LayersPanel.css.ts';

export interface LayerRow {
  id: string;
  name: string;
  kind: 'text' | 'shape' | 'image' | 'qr';
  hidden: boolean;
  locked: boolean;
  /** Part of a group (shown after the name). */
  grouped: boolean;
}

export interface LayersPanelProps {
  /** Bottom to top, as the document holds them; the panel lists the top layer first. */
  layers: readonly LayerRow[];
  selection: readonly string[];
  onSelect: (id: string, additive: boolean) => void;
  onToggleHidden: (id: string) => void;
  onToggleLocked: (id: string) => void;
  onMove: (id: string, to: 'forward' | 'backward') => void;
}

const kindLabel: Record<LayerRow['kind'], string> = {
  text: 'Text',
  shape: 'Shape',
  image: 'Image',
  qr: 'QR code',
};

/** The editor's layers, top first: select (Shift adds), show/hide, lock, move up or down. */
export function LayersPanel({
  layers,
  selection,
  onSelect,
  onToggleHidden,
  onToggleLocked,
  onMove,
}: LayersPanelProps) {
  const top = [...layers].reverse();
  return (
    <section className={css.panel} aria-labelledby="layers-heading">
      <h2 id="layers-heading" className={css.heading}>
        Layers
      </h2>
      {top.length === 0 ? (
        <p className={css.empty}>No layers yet: add text, a shape, an image or the QR code.</p>
      ) : (
        <ol className={css.list}>
          {top.map((layer, i) => {
            const selected = selection.includes(layer.id);
            return (
              <li key={layer.id} className={css.item} data-selected={selected || undefined}>
                <button
                  type="button"
                  className={css.name}
                  aria-pressed={selected}
                  onClick={(e) => onSelect(layer.id, e.shiftKey)}
                >
                  {layer.name || kindLabel[layer.kind]}
                </button>
                <span className={css.kind}>
                  {kindLabel[layer.kind]}
                  {layer.grouped ? ' · grouped' : ''}
                </span>
                <button
                  type="button"
                  className={css.toggle}
                  aria-pressed={layer.hidden}
                  aria-label={`Hide ${layer.name}`}
                  title="Hide"
                  onClick={() => onToggleHidden(layer.id)}
                >
                  Hide
                </button>
                <button
                  type="button"
                  className={css.toggle}
                  aria-pressed={layer.locked}
                  aria-label={`Lock ${layer.name}`}
                  title="Lock"
                  onClick={() => onToggleLocked(layer.id)}
                >
                  Lock
                </button>
                <button
                  type="button"
                  className={css.toggle}
                  aria-label={`Move ${layer.name} up`}
                  disabled={i === 0}
                  onClick={() => onMove(layer.id, 'forward')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={css.toggle}
                  aria-label={`Move ${layer.name} down`}
                  disabled={i === top.length - 1}
                  onClick={() => onMove(layer.id, 'backward')}
                >
                  ↓
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
