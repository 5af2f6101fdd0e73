import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Label } from '@radix-ui/react-label';
import { useId, type ReactNode } from 'react';
import { FieldNotes } from '../FormField/FormField.tsx';
import * as css from './Checkbox.css.ts';

export interface CheckboxProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  value?: string;
  id?: string;
}

/** A labelled checkbox on Radix Checkbox; the label text toggles it too. */
export function Checkbox({ label, hint, error, id, onCheckedChange, ...root }: CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  const hintId = hint ? `${boxId}-hint` : undefined;
  const errorId = error ? `${boxId}-error` : undefined;
  return (
    <div className={css.row}>
      <RadixCheckbox.Root
        id={boxId}
        className={css.box}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        onCheckedChange={(c) => onCheckedChange?.(c === true)}
        {...root}
      >
        {/* Always mounted, hidden while unchecked: Radix mounts an indicator through Presence, which reads the
            computed style of the whole page (for an exit animation this kit does not have) in the tick's own task. */}
        <RadixCheckbox.Indicator forceMount className={css.indicator}>
          <svg
            className={css.tick}
            viewBox="0 0 16 16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <div className={css.text}>
        <Label htmlFor={boxId} className={css.label}>
          {label}
        </Label>
        <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    </div>
  );
}
