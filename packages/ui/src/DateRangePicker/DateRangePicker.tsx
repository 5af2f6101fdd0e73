import type { ReactNode } from 'react';
import { TextField } from '../TextField/index.ts';
import * as css from './DateRangePicker.css.ts';

export interface DateRange {
  /** 'YYYY-MM-DD' or '' */
  from: string;
  until: string;
}

export interface DateRangePickerProps {
  legend: ReactNode;
  value: DateRange;
  onChange: (value: DateRange) => void;
  fromLabel?: string;
  untilLabel?: string;
  fromError?: ReactNode;
  untilError?: ReactNode;
  /** Earliest and latest selectable days ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  required?: boolean;
  /** Names for a surrounding form. */
  name?: string;
}

/** Two labelled native date inputs (the browser's own accessible calendar) as one fieldset. */
export function DateRangePicker({
  legend,
  value,
  onChange,
  fromLabel = 'From',
  untilLabel = 'Until',
  fromError,
  untilError,
  min,
  max,
  required,
  name,
}: DateRangePickerProps) {
  return (
    <fieldset className={css.group}>
      <legend className={css.legend}>{legend}</legend>
      <div className={css.fields}>
        <TextField
          label={fromLabel}
          type={'date' as 'text'}
          name={name ? `${name}From` : undefined}
          value={value.from}
          min={min}
          max={value.until || max}
          required={required}
          error={fromError}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
        />
        <TextField
          label={untilLabel}
          type={'date' as 'text'}
          name={name ? `${name}Until` : undefined}
          value={value.until}
          min={value.from || min}
          max={max}
          required={required}
          error={untilError}
          onChange={(e) => onChange({ ...value, until: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
