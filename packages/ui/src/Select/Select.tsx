import * as RadixSelect from '@radix-ui/react-select';
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
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Submitted with a surrounding form under this name. */
  name?: string;
  id?: string;
  /** Start open (stories, screenshots). */
  defaultOpen?: boolean;
}

/** A labelled single choice on Radix Select (keyboard, typeahead and focus handling from Radix). */
export function Select({ label, options, hint, error, required, id, placeholder, ...root }: SelectProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id}>
      {({ id: controlId, ...a11y }) => (
        <RadixSelect.Root required={required} {...root}>
          <RadixSelect.Trigger id={controlId} className={[control(), css.trigger].join(' ')} {...a11y}>
            <RadixSelect.Value placeholder={placeholder} />
            <RadixSelect.Icon>
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
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content className={css.content} position="popper" sideOffset={4}>
              <RadixSelect.Viewport className={css.viewport}>
                {options.map((o) => (
                  <RadixSelect.Item key={o.value} value={o.value} disabled={o.disabled} className={css.item}>
                    <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                    <RadixSelect.ItemIndicator aria-hidden="true">✓</RadixSelect.ItemIndicator>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
      )}
    </FormField>
  );
}
