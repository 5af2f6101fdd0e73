import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FormField } from '../FormField/FormField.tsx';
import { control } from '../FormField/FormField.css.ts';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled multi-line input. Every other prop goes to the `<textarea>`. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, hint, error, id, required, className, rows = 4, ...rest },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id}>
      {(a11y) => (
        <textarea
          ref={ref}
          rows={rows}
          className={[control({ multiline: true }), className].filter(Boolean).join(' ')}
          {...a11y}
          {...rest}
        />
      )}
    </FormField>
  );
});
