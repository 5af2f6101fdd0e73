import type { ChangeEvent, ReactNode } from 'react';
import { Button, buttonClass as button } from '@pentland/ui';
import * as css from './PosterToolbar.css.ts';

export type PosterToolbarAction =
  | 'undo'
  | 'redo'
  | 'addText'
  | 'addRect'
  | 'addEllipse'
  | 'addLine'
  | 'addQr'
  | 'group'
  | 'ungroup'
  | 'forward'
  | 'backward'
  | 'duplicate'
  | 'delete'
  | 'exportPng'
  | 'exportPdf';

export interface PosterToolbarView {
  canUndo: boolean;
  canRedo: boolean;
  /** Layers selected. */
  selected: number;
  /** The selection is one group (ungroup possible). */
  grouped: boolean;
  /** The poster already has its QR code. */
  hasQr: boolean;
  /** An export is running ('png' or 'pdf'). */
  exporting: 'png' | 'pdf' | null;
}

export interface PosterToolbarProps {
  view: PosterToolbarView;
  onAction: (action: PosterToolbarAction) => void;
  /** An image file chosen to add (checking its type and size is the caller's). */
  onImage: (file: File) => void;
  /** The save status (e.g. the article editor's SaveStatus), shown at the end. */
  status?: ReactNode;
}

const small = button({ variant: 'ghost', size: 'small' });

/** The poster editor's toolbar: history, adding layers, arranging, exporting. Every button names its shortcut. */
export function PosterToolbar({ view, onAction, onImage, status }: PosterToolbarProps) {
  const act = (
    action: PosterToolbarAction,
    label: string,
    opts: { disabled?: boolean; shortcut?: string } = {},
  ) => (
    <Button
      type="button"
      variant="ghost"
      size="small"
      disabled={opts.disabled}
      aria-keyshortcuts={opts.shortcut}
      title={opts.shortcut ? `${label} (${opts.shortcut.replace('Control', 'Ctrl')})` : label}
      onClick={() => onAction(action)}
    >
      {label}
    </Button>
  );
  const none = view.selected === 0;
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onImage(file);
  };
  return (
    <div role="toolbar" aria-label="Poster tools" className={css.toolbar}>
      <div className={css.group}>
        {act('undo', 'Undo', { disabled: !view.canUndo, shortcut: 'Control+Z' })}
        {act('redo', 'Redo', { disabled: !view.canRedo, shortcut: 'Control+Shift+Z' })}
      </div>
      <div className={css.group}>
        {act('addText', 'Text')}
        {act('addRect', 'Rectangle')}
        {act('addEllipse', 'Ellipse')}
        {act('addLine', 'Line')}
        <label className={`${small} ${css.fileLabel}`}>
          Image
          <input
            className={css.fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={pick}
          />
        </label>
        {act('addQr', 'QR code', { disabled: view.hasQr })}
      </div>
      <div className={css.group}>
        {act('group', 'Group', { disabled: view.selected < 2 || view.grouped, shortcut: 'Control+G' })}
        {act('ungroup', 'Ungroup', { disabled: !view.grouped, shortcut: 'Control+Shift+G' })}
        {act('forward', 'Forward', { disabled: none, shortcut: 'Control+]' })}
        {act('backward', 'Backward', { disabled: none, shortcut: 'Control+[' })}
        {act('duplicate', 'Duplicate', { disabled: none, shortcut: 'Control+D' })}
        {act('delete', 'Delete', { disabled: none, shortcut: 'Delete' })}
      </div>
      <div className={css.group}>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={view.exporting !== null}
          onClick={() => onAction('exportPng')}
        >
          {view.exporting === 'png' ? 'Exporting PNG…' : 'Export PNG'}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={view.exporting !== null}
          onClick={() => onAction('exportPdf')}
        >
          {view.exporting === 'pdf' ? 'Exporting PDF…' : 'Export PDF'}
        </Button>
      </div>
      {status && (
        <div className={css.status} role="status">
          {status}
        </div>
      )}
    </div>
  );
}
