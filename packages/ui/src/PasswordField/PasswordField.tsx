import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormField } from '../FormField/FormField.tsx';
import { control } from '../FormField/FormField.css.ts';
import * as css from './PasswordField.css.ts';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Controlled show/hide state (e.g. the auth form machine's `passwordVisible`). */
  visible?: boolean;
  /** Called by the Show/Hide toggle; without `visible` the field keeps its own state. */
  onVisibleChange?: (visible: boolean) => void;
}

/** A password input with a Show/Hide toggle that switches the input between `password` and `text`. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, hint, error, id, required, className, visible, onVisibleChange, disabled, ...rest },
  ref,
) {
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = () => {
    if (visible === undefined) setOwnVisible(!shown);
    onVisibleChange?.(!shown);
  };
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id}>
      {(a11y) => (
        <div className={css.wrapper}>
          <input
            ref={ref}
            type={shown ? 'text' : 'password'}
            className={[control(), css.input, className].filter(Boolean).join(' ')}
            disabled={disabled}
            {...a11y}
            {...rest}
          />
          <button
            type="button"
            className={css.toggle}
            onClick={toggle}
            disabled={disabled}
            aria-controls={a11y.id}
            aria-pressed={shown}
            aria-label={shown ? 'Hide password' : 'Show password'}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </FormField>
  );
});
