import { useId, type ReactNode } from 'react';
import { FieldNotes } from '../FormField/FormField.tsx';
import * as field from '../FormField/FormField.css.ts';
import * as css from './RadioGroup.css.ts';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A line under the choice's label. */
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** The group's name, shown as its legend. */
  label: ReactNode;
  options: readonly RadioOption[];
  /** The chosen value; none (or '') chooses nothing. Controlled when `onValueChange` is given. */
  value?: string;
  /** The first value of a group the page does not control (submitted with its form). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Shown in place of the choices while there are none (e.g. while they load). */
  emptyText?: ReactNode;
  /** Submitted with a surrounding form under this name. */
  name?: string;
  id?: string;
}

/**
 * A labelled single choice with every choice in view: the browser's own radio buttons, each a card that a tap
 * anywhere on chooses, in a fieldset the legend names. For a handful of choices it beats a select: nothing to open,
 * each choice's hint readable before choosing, arrow keys move between them as in any radio group.
 */
export function RadioGroup({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  hint,
  error,
  required,
  disabled,
  emptyText,
  name,
  id,
}: RadioGroupProps) {
  const generated = useId();
  const groupId = id ?? generated;
  const legendId = `${groupId}-legend`;
  const hintId = hint ? `${groupId}-hint` : undefined;
  const errorId = error ? `${groupId}-error` : undefined;
  const radioName = name ?? groupId;
  const chosen = (option: RadioOption) =>
    onValueChange !== undefined
      ? { checked: (value ?? '') === option.value, onChange: () => onValueChange(option.value) }
      : { defaultChecked: (defaultValue ?? value) === option.value };
  return (
    <fieldset
      id={groupId}
      className={css.group}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      disabled={disabled}
    >
      <legend id={legendId} className={field.label} data-required={required || undefined}>
        {label}
      </legend>
      {options.length === 0 && emptyText ? (
        <p className={css.empty}>{emptyText}</p>
      ) : (
        <div className={css.choices}>
          {options.map((option, i) => {
            const optionId = `${groupId}-${i}`;
            return (
              <label key={option.value} className={css.choice} htmlFor={optionId}>
                <input
                  id={optionId}
                  className={css.radio}
                  type="radio"
                  name={radioName}
                  value={option.value}
                  required={required}
                  disabled={option.disabled}
                  // Named by its label alone; the hint under it is its description.
                  aria-labelledby={`${optionId}-label`}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                  {...chosen(option)}
                />
                <span className={css.text}>
                  <span id={`${optionId}-label`} className={css.label}>
                    {option.label}
                  </span>
                  {option.hint && (
                    <span id={`${optionId}-hint`} className={css.optionHint}>
                      {option.hint}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
