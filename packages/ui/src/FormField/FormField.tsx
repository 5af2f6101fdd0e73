import { Label } from '@radix-ui/react-label';
import { useId, type ReactNode } from 'react';
import * as css from './FormField.css.ts';

/** The ids and ARIA attributes a control inside a FormField must carry. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** A validation message: shown in red and announced; marks the control invalid. */
  error?: ReactNode;
  required?: boolean;
  /** The control's id (generated when absent). */
  id?: string;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional hint and an optional error, wired together for assistive technology. */
export function FormField({ label, hint, error, required, id, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.field}>
      <Label htmlFor={controlId} className={css.label} data-required={required || undefined}>
        {label}
      </Label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required,
      })}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and validation message under it, each with the id its control's aria-describedby names. */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: ReactNode;
  errorId?: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className={css.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={css.error}>
          {error}
        </p>
      )}
    </>
  );
}
