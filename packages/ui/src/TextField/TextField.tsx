import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormField } from '../FormField/FormField.tsx';
import { control } from '../FormField/FormField.css.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number' | 'color' | 'date' | 'time';
}

/** A labelled single-line input. Every other prop goes to the `<input>`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, required, className, type = 'text', ...rest },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id}>
      {(a11y) => (
        <input
          ref={ref}
          type={type}
          className={[control(), className].filter(Boolean).join(' ')}
          {...a11y}
          {...rest}
        />
      )}
    </FormField>
  );
});
