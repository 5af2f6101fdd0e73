import type { ReactNode } from 'react';
import type { Layer, PageSpec, QrLanding } from '@pentland/poster';
import { Alert, Checkbox, Select, TextField, Textarea } from '@pentland/ui';
import * as css from './LayerProperties.css.ts';

export type LayerPatch = Record<string, string | number | boolean | null>;

export interface LayerPropertiesProps {
  /** The one selected layer, or null (then the page's settings show). */
  layer: Layer | null;
  /** How many layers are selected (more than one: a summary instead of fields). */
  selectedCount: number;
  page: PageSpec;
  /** A field changed; `field` names it, so typing into one field can be one undo step. */
  onLayerChange: (patch: LayerPatch, field: string) => void;
  onPageChange: (patch: Partial<PageSpec>) => void;
  /** The URL the QR code encodes (shown under a QR layer's fields). */
  qrUrl?: string;
  /** A problem with the last change (e.g. a value out of range), or advice (a QR code too small to scan). */
  message?: ReactNode;
}

const landings: { value: QrLanding; label: string }[] = [
  { value: '/qr-welcome', label: 'QR welcome page' },
  { value: '/eboard-welcome', label: 'E-Board welcome page' },
  { value: '/seaforth-darts-welcome', label: 'Seaforth darts welcome page' },
];

/** The properties of the selected layer (position, size, rotation, and its own style), or of the page. */
export function LayerProperties({
  layer,
  selectedCount,
  page,
  onLayerChange,
  onPageChange,
  qrUrl,
  message,
}: LayerPropertiesProps) {
  const num = (field: string, label: string, value: number, step = 1) => (
    <TextField
      label={label}
      type="number"
      step={step}
      value={Math.round(value * 100) / 100}
      onChange={(e) => {
        if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber))
          onLayerChange({ [field]: e.target.valueAsNumber }, field);
      }}
    />
  );
  const color = (field: string, label: string, value: string | null) => (
    <TextField
      label={label}
      type="color"
      value={value ?? '#000000'}
      onChange={(e) => onLayerChange({ [field]: e.target.value }, field)}
    />
  );
  const note = message && <Alert tone="info">{message}</Alert>;

  if (selectedCount > 1)
    return (
      <section className={css.panel} aria-labelledby="properties-heading">
        <h2 id="properties-heading" className={css.heading}>
          {selectedCount} layers selected
        </h2>
        <p className={css.muted}>
          Drag them together on the page, group them, or pick one in the layers list.
        </p>
        {note}
      </section>
    );

  if (!layer)
    return (
      <section className={css.panel} aria-labelledby="properties-heading">
        <h2 id="properties-heading" className={css.heading}>
          Page
        </h2>
        <div className={css.grid}>
          <Select
            label="Paper size"
            value={page.size}
            options={[
              { value: 'A4', label: 'A4 (210 × 297 mm)' },
              { value: 'A3', label: 'A3 (297 × 420 mm)' },
            ]}
            onValueChange={(size) => onPageChange({ size: size as PageSpec['size'] })}
          />
          <Select
            label="Orientation"
            value={page.orientation}
            options={[
              { value: 'portrait', label: 'Portrait' },
              { value: 'landscape', label: 'Landscape' },
            ]}
            onValueChange={(o) => onPageChange({ orientation: o as PageSpec['orientation'] })}
          />
        </div>
        <TextField
          label="Background"
          type="color"
          value={page.background}
          onChange={(e) => onPageChange({ background: e.target.value })}
        />
        {note}
      </section>
    );

  return (
    <section className={css.panel} aria-labelledby="properties-heading">
      <h2 id="properties-heading" className={css.heading}>
        {layer.name || 'Layer'} properties
      </h2>
      <TextField
        label="Layer name"
        value={layer.name}
        onChange={(e) => onLayerChange({ name: e.target.value }, 'name')}
      />
      {layer.kind === 'text' && (
        <>
          <Textarea
            label="Text"
            rows={3}
            value={layer.text}
            onChange={(e) => onLayerChange({ text: e.target.value }, 'text')}
          />
          <div className={css.grid}>
            {num('fontSize', 'Font size (pt)', layer.fontSize)}
            {color('color', 'Text colour', layer.color)}
            <Select
              label="Alignment"
              value={layer.align}
              options={[
                { value: 'left', label: 'Left' },
                { value: 'center', label: 'Centre' },
                { value: 'right', label: 'Right' },
              ]}
              onValueChange={(align) => onLayerChange({ align }, 'align')}
            />
            {num('lineHeight', 'Line height', layer.lineHeight, 0.1)}
          </div>
          <div className={css.grid}>
            <Checkbox
              label="Bold"
              checked={layer.fontWeight === 700}
              onCheckedChange={(on) => onLayerChange({ fontWeight: on ? 700 : 400 }, 'fontWeight')}
            />
            <Checkbox
              label="Italic"
              checked={layer.fontStyle === 'italic'}
              onCheckedChange={(on) => onLayerChange({ fontStyle: on ? 'italic' : 'normal' }, 'fontStyle')}
            />
          </div>
        </>
      )}
      {layer.kind === 'shape' && (
        <div className={css.grid}>
          <Select
            label="Shape"
            value={layer.shape}
            options={[
              { value: 'rect', label: 'Rectangle' },
              { value: 'ellipse', label: 'Ellipse' },
              { value: 'line', label: 'Line' },
            ]}
            onValueChange={(shape) => onLayerChange({ shape }, 'shape')}
          />
          {color('fill', 'Fill', layer.fill)}
          {color('stroke', 'Outline', layer.stroke)}
          {num('strokeWidth', 'Outline width (mm)', layer.strokeWidth, 0.5)}
          {layer.shape === 'rect' && num('cornerRadius', 'Corner radius (mm)', layer.cornerRadius)}
        </div>
      )}
      {layer.kind === 'image' && (
        <>
          <TextField
            label="Description (alt text)"
            value={layer.alt}
            onChange={(e) => onLayerChange({ alt: e.target.value }, 'alt')}
          />
          <Select
            label="Fit"
            value={layer.fit}
            options={[
              { value: 'cover', label: 'Fill the frame (crop)' },
              { value: 'contain', label: 'Fit inside the frame' },
              { value: 'stretch', label: 'Stretch' },
            ]}
            onValueChange={(fit) => onLayerChange({ fit }, 'fit')}
          />
        </>
      )}
      {layer.kind === 'qr' && (
        <>
          <Select
            label="Leads to"
            value={layer.landing}
            options={landings}
            onValueChange={(landing) => onLayerChange({ landing }, 'landing')}
          />
          <div className={css.grid}>
            {color('color', 'Code colour', layer.color)}
            {color('background', 'Code background', layer.background)}
          </div>
          {qrUrl && <p className={css.muted}>Encodes {qrUrl}</p>}
        </>
      )}
      <div className={css.grid}>
        {num('x', 'X (mm)', layer.x)}
        {num('y', 'Y (mm)', layer.y)}
        {num('width', 'Width (mm)', layer.width)}
        {num('height', 'Height (mm)', layer.height)}
        {num('rotation', 'Rotation (°)', layer.rotation)}
        {num('opacity', 'Opacity (0–1)', layer.opacity, 0.05)}
      </div>
      {note}
    </section>
  );
}
