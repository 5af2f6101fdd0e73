import type { ReactNode } from 'react';
import { FormField } from '../FormField/FormField.tsx';
import { control } from '../FormField/FormField.css.ts';
import * as css from './Select.css.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The chosen value; none (or '') shows the placeholder. Controlled when `onValueChange` is given. */
  value?: string;
  /** The first value of a select the page does not control (submitted with its form). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen (not itself a choice). */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Submitted with a surrounding form under this name. */
  name?: string;
  id?: string;
}

/**
 * A labelled single choice: the browser's own select, styled as the kit's fields. Its list is the system's (a wheel
 * or sheet on phones), with keyboard, typeahead and assistive technology support built in: no list to render, no
 * scroll to lock, nothing to position. Opening it still paints the browser's popup (90–165 ms at 4× CPU slowdown on a
 * phone-sized page): for a handful of choices a RadioGroup shows them all at once.
 */
export function Select({
  label,
  options,
  hint,
  error,
  required,
  id,
  placeholder,
  value,
  defaultValue,
  onValueChange,
  disabled,
  name,
}: SelectProps) {
  const choice =
    onValueChange !== undefined
      ? { value: value ?? '', onChange: (e: { target: HTMLSelectElement }) => onValueChange(e.target.value) }
      : { defaultValue: defaultValue ?? value ?? '' };
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id}>
      {({ id: controlId, ...a11y }) => (
        <div className={css.wrapper}>
          <select
            id={controlId}
            className={[control(), css.select].join(' ')}
            name={name}
            required={required}
            disabled={disabled}
            {...choice}
            {...a11y}
          >
            {/* Nothing chosen yet: the placeholder shows in the field but is not offered in the list. */}
            <option value="" disabled hidden>
              {placeholder ?? ''}
            </option>
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          <svg
            className={css.chevron}
            viewBox="0 0 16 16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
      )}
    </FormField>
  );
}
