import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import * as css from '../Dialog/Dialog.css.ts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `critical` for destructive actions (delete). */
  tone?: 'primary' | 'critical';
  /**
   * The action. The dialog stays open, busy, until it settles: closes on success, shows the error (and stays)
   * on failure.
   */
  onConfirm: () => Promise<void> | void;
  /** Keeps the confirm button disabled (e.g. until a typed confirmation matches). */
  confirmDisabled?: boolean;
  children?: ReactNode;
}

/** A confirmation for an action that may fail (delete, publish): Radix Dialog with a busy state and an error. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const change = (next: boolean) => {
    if (busy) return;
    if (!next) setError(undefined);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (err) {
      setBusy(false);
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={change}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={css.overlay} />
        <RadixDialog.Content
          className={css.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={css.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={css.description}>{description}</RadixDialog.Description>
          ) : null}
          {children}
          {error && <Alert tone="error">{error}</Alert>}
          <div className={css.actions}>
            <Button variant="secondary" disabled={busy} onClick={() => change(false)}>
              {cancelLabel}
            </Button>
            <Button
              variant={tone === 'critical' ? 'critical' : 'primary'}
              busy={busy}
              disabled={confirmDisabled && !busy}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
