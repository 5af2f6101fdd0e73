import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import * as css from './Dialog.css.ts';

export interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** The element that opens the dialog (rendered through Radix `asChild`). */
  trigger?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Called by the confirm button; the dialog then closes. */
  onConfirm?: () => void;
  /** `critical` for destructive confirmations (delete). */
  tone?: 'primary' | 'critical';
  busy?: boolean;
  /** `wide` for content to look at, such as a picture at a size one can judge. */
  width?: 'medium' | 'wide';
}

/** A modal confirmation on Radix Dialog (focus trap, Escape, return focus come from Radix). */
export function Dialog({
  title,
  description,
  trigger,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  tone = 'primary',
  busy,
  width = 'medium',
  ...root
}: DialogProps) {
  return (
    <RadixDialog.Root {...root}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={css.overlay} />
        <RadixDialog.Content
          className={width === 'wide' ? `${css.content} ${css.wide}` : css.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={css.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={css.description}>{description}</RadixDialog.Description>
          ) : null}
          {children}
          <div className={css.actions}>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </RadixDialog.Close>
            {onConfirm && (
              <RadixDialog.Close asChild>
                <Button
                  variant={tone === 'critical' ? 'critical' : 'primary'}
                  busy={busy}
                  onClick={onConfirm}
                >
                  {confirmLabel}
                </Button>
              </RadixDialog.Close>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
