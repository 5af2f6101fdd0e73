import type { ReactNode } from 'react';
import { box } from './EmptyState.css.ts';

export interface EmptyStateProps {
  /** What is not here yet, and why. */
  children: ReactNode;
  /** What the visitor can do instead: a link or button. */
  action?: ReactNode;
}

/** The place of a list that has nothing in it yet, saying so plainly. */
export function EmptyState({ children, action }: EmptyStateProps) {
  return (
    <div className={box}>
      <p>{children}</p>
      {action}
    </div>
  );
}
