import { useId, type ReactNode } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import * as css from './ImageUpload.css.ts';
import type { ImageUploadState } from './useImageUpload.ts';

export interface ImageUploadProps {
  label: ReactNode;
  hint?: ReactNode;
  state: ImageUploadState;
  onFile: (file: File) => void;
  /** Types for the file chooser, e.g. 'image/png,image/jpeg'. */
  accept?: string;
  /** The current image (e.g. a saved cover), shown when nothing is being uploaded. */
  current?: { url: string; alt?: string } | null;
  /** Shows 'Remove image' beside the current image. */
  onRemove?: () => void;
  disabled?: boolean;
  /** The box's button ('Choose an image'). */
  chooseLabel?: string;
}

/**
 * An image field: a file chooser, then 'Preparing…' (downscaling), an upload progress bar, the error, or the
 * uploaded image with Remove. The states come from `useImageUpload`.
 */
export function ImageUpload({
  label,
  hint,
  state,
  onFile,
  accept,
  current,
  onRemove,
  disabled,
  chooseLabel = 'Choose an image',
}: ImageUploadProps) {
  const id = useId();
  const busy = state.kind === 'processing' || state.kind === 'uploading';
  const shown = state.kind === 'done' ? { url: state.image.url, alt: current?.alt } : current;
  return (
    <div className={css.root}>
      <div className={css.drop}>
        <label htmlFor={id} className={css.label}>
          {label}
        </label>
        {hint && (
          <p className={css.hint} id={`${id}-hint`}>
            {hint}
          </p>
        )}
        {/* The browser's own control ('Choose File … No file chosen') is invisible, laid over the box's button:
            a click or a key press on the button reaches the file input, which keeps the label and the focus. */}
        <span className={css.picker}>
          <input
            id={id}
            type="file"
            className={css.input}
            accept={accept}
            disabled={disabled || busy}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file);
            }}
          />
          <span className={css.chooser} aria-hidden="true">
            {chooseLabel}
          </span>
        </span>
      </div>
      {state.kind === 'processing' && <Spinner label={`Preparing ${state.name}…`} showLabel size="small" />}
      {state.kind === 'uploading' && (
        <div role="status">
          <label className={css.hint} htmlFor={`${id}-progress`}>
            Uploading {state.name}: {Math.round(state.progress * 100)}%
          </label>
          <progress
            id={`${id}-progress`}
            className={css.progress}
            max={100}
            value={Math.round(state.progress * 100)}
          />
        </div>
      )}
      {state.kind === 'error' && <Alert tone="error">{state.message}</Alert>}
      {shown && !busy && (
        <div className={css.preview}>
          <img
            className={css.thumb}
            src={shown.url}
            alt={shown.alt || 'The uploaded image'}
            width={160}
            height={100}
          />
          {onRemove && (
            <Button variant="secondary" size="small" onClick={onRemove}>
              Remove image
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
