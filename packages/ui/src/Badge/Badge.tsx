import type { ReactNode } from 'react';
import { badge, type BadgeVariants } from './Badge.css.ts';

export interface BadgeProps extends BadgeVariants {
  children: ReactNode;
  className?: string;
}

/** A short label beside a link or title, e.g. the E-Board link's NEW. */
export function Badge({ tone, className, children }: BadgeProps) {
  return <span className={[badge({ tone }), className].filter(Boolean).join(' ')}>{children}</span>;
}
