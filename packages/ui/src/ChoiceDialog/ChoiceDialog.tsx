import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import * as css from '../Dialog/Dialog.css.ts';

export interface Choice {
  label: string;
  variant?: 'primary' | 'secondary' | 'critical';
  /** The action. The dialog stays open, this button busy, until it settles; a failure is shown and it stays open. */
  onChoose: () => Promise<void> | void;
}

export interface ChoiceDialogProps {
  /** Open while the question stands; the owner closes it once a choice has succeeded. */
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  /** The answers, in reading order (the last is the suggested one). */
  choices: readonly Choice[];
}

/**
 * A question that must be answered with one of its choices (Radix Dialog: focus trap, return focus): no Cancel,
 * and neither Escape nor a click outside closes it, since leaving it unanswered would leave the work undecided.
 */
export function ChoiceDialog({ open, ...content }: ChoiceDialogProps) {
  return (
    <RadixDialog.Root open={open}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={css.overlay} />
        <ChoiceContent {...content} />
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Mounted only while open, so a reopened dialog starts without the last busy state or error. */
function ChoiceContent({ title, description, children, choices }: Omit<ChoiceDialogProps, 'open'>) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const choose = async (index: number) => {
    setBusy(index);
    setError(undefined);
    try {
      await choices[index]!.onChoose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  const stay = (e: Event) => e.preventDefault();
  return (
    <RadixDialog.Content
      className={css.content}
      onEscapeKeyDown={stay}
      onInteractOutside={stay}
      {...(description ? {} : { 'aria-describedby': undefined })}
    >
      <RadixDialog.Title className={css.title}>{title}</RadixDialog.Title>
      {description ? (
        <RadixDialog.Description className={css.description}>{description}</RadixDialog.Description>
      ) : null}
      {children}
      {error && <Alert tone="error">{error}</Alert>}
      <div className={css.actions}>
        {choices.map((choice, i) => (
          <Button
            key={choice.label}
            variant={choice.variant ?? 'secondary'}
            busy={busy === i}
            disabled={busy !== null && busy !== i}
            onClick={() => void choose(i)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </RadixDialog.Content>
  );
}
