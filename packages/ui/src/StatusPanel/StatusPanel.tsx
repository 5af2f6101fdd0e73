import type { ReactNode } from 'react';
import * as css from './StatusPanel.css.ts';

export interface StatusPanelProps {
  title: ReactNode;
  /** A one- or two-character glyph in a tinted circle above the title. */
  icon?: ReactNode;
  tone?: 'brand' | 'critical' | 'positive' | 'neutral';
  /** `h1` when the panel is the whole page (default), `h2` when embedded. */
  headingLevel?: 1 | 2;
  /** The role of the panel, e.g. 'alert' for errors or 'status' for progress. */
  role?: 'alert' | 'status';
  children?: ReactNode;
  actions?: ReactNode;
  /** Fill the main area (default) or sit inline. */
  fullScreen?: boolean;
}

/** A centred card for whole-screen states: errors, guards, not-found, progress. */
export function StatusPanel({
  title,
  icon,
  tone,
  headingLevel = 1,
  role,
  children,
  actions,
  fullScreen = true,
}: StatusPanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const panel = (
    <div className={css.panel} role={role}>
      {icon && (
        <span className={css.icon({ tone })} aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading className={css.title}>{title}</Heading>
      {children && <div className={css.body}>{children}</div>}
      {actions && <div className={css.actions}>{actions}</div>}
    </div>
  );
  return fullScreen ? <div className={css.screen}>{panel}</div> : panel;
}
