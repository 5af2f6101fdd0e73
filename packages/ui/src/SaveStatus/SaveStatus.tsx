import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import * as css from './SaveStatus.css.ts';
import type { AutosaveStatus } from './useAutosave.ts';

export interface SaveStatusProps {
  status: AutosaveStatus;
  /** Called by 'retry' after a failed save. */
  onRetry?: () => void;
  /** Why the last save failed, read out with the status. */
  error?: string;
}

const shown = (status: AutosaveStatus) =>
  status === 'error' || status === 'blocked'
    ? 'error'
    : status === 'pending' || status === 'saving'
      ? 'saving'
      : 'saved';

/**
 * The autosave state beside an editor: 'Saved', 'Saving…', 'Not saved — retry' after a failed save, or 'Not saved'
 * while saving is paused until the form is valid (the form shows why). Announced politely.
 */
export function SaveStatus({ status, onRetry, error }: SaveStatusProps) {
  const kind = shown(status);
  return (
    <div className={[css.root, css.tone[kind]].join(' ')} role="status" data-status={status}>
      <span className={[css.dot, css.dotTone[kind]].join(' ')} aria-hidden="true" />
      {kind === 'saved' && <span>Saved</span>}
      {kind === 'saving' && <span>Saving…</span>}
      {status === 'blocked' && <span>Not saved</span>}
      {status === 'error' && (
        <span>
          Not saved —{' '}
          <button type="button" className={css.retry} onClick={onRetry} title={error}>
            retry
          </button>
          {error && <VisuallyHidden>{` (${error})`}</VisuallyHidden>}
        </span>
      )}
    </div>
  );
}
