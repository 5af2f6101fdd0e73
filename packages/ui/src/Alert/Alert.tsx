import type { ReactNode } from 'react';
import * as css from './Alert.css.ts';

export interface AlertProps {
  /** `success` (green), `error` (the red box a service's error shows in) or `info`. */
  tone?: 'success' | 'error' | 'info';
  title?: ReactNode;
  children: ReactNode;
}

const icons = {
  success: <path d="M5 10.5l3.5 3.5L15 7" strokeLinecap="round" strokeLinejoin="round" />,
  error: <path d="M10 6v5M10 14h.01" strokeLinecap="round" />,
  info: <path d="M10 9v5M10 6h.01" strokeLinecap="round" />,
};

/** A message box. Errors are announced at once (`role="alert"`), the rest politely (`role="status"`). */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div className={css.alert({ tone })} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      <svg
        className={css.icon}
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="10" cy="10" r="8.5" />
        {icons[tone]}
      </svg>
      <div className={css.content}>
        {title && <p className={css.title}>{title}</p>}
        {/* A block, not a paragraph: an alert may hold buttons and lists. */}
        <div>{children}</div>
      </div>
    </div>
  );
}
