import { Spinner } from '@pentland/ui';
import * as css from './Guards.css.ts';

export interface GuardCheckingProps {
  /** 'Checking authentication...' or 'Checking permissions...' (the guard view's text). */
  text: string;
}

/** What a guard shows while it decides. */
export function GuardChecking({ text }: GuardCheckingProps) {
  return (
    <div className={css.checking}>
      <Spinner size="large" label={text} showLabel />
    </div>
  );
}
