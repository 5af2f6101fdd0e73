import { useId, type ReactNode } from 'react';
import { Alert } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import type { ActionState } from './types.ts';

export interface SettingsSectionProps {
  title: ReactNode;
  description?: ReactNode;
  /** `critical` for the danger zone (account deletion). */
  tone?: 'default' | 'critical';
  children?: ReactNode;
}

/** One section of the profile page: a titled card (h2) with its description. */
export function SettingsSection({ title, description, tone = 'default', children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={[css.section, tone === 'critical' ? css.sectionCritical : ''].filter(Boolean).join(' ')}
    >
      <header className={css.header}>
        <h2 id={id} className={css.title}>
          {title}
        </h2>
        {description && <p className={css.description}>{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** The message of an action's outcome (nothing while idle or busy). */
export function ActionMessage({ state }: { state: ActionState }) {
  if (state.status === 'success') return <Alert tone="success">{state.message}</Alert>;
  if (state.status === 'error') return <Alert tone="error">{state.message}</Alert>;
  return null;
}
