import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { page, spinner, wrapper } from './Spinner.css.ts';

export interface SpinnerProps {
  size?: 'small' | 'standard' | 'large';
  /** Announced to assistive technology; shown beside the ring when `showLabel`. */
  label?: string;
  showLabel?: boolean;
}

/** A busy ring with a status role; without `showLabel` the label is for screen readers only. */
export function Spinner({ size, label = 'Loading...', showLabel = false }: SpinnerProps) {
  return (
    <span role="status" className={wrapper}>
      <span className={spinner({ size })} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}

export interface PageSpinnerProps {
  label?: string;
  showLabel?: boolean;
}

/** The spinner a lazily loaded page shows while it loads, centred in the main area. */
export function PageSpinner({ label = 'Loading...', showLabel = false }: PageSpinnerProps) {
  return (
    <div className={page} data-page-spinner="">
      <Spinner size="large" label={label} showLabel={showLabel} />
    </div>
  );
}
