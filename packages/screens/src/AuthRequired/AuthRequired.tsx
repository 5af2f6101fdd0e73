import { messages } from '@pentland/auth-machine';
import type { ReactNode } from 'react';
import * as css from '../Guards/Guards.css.ts';

export interface AuthRequiredProps {
  /** The embedded sign-in form (an `<AuthForm headingLevel={2} …/>` whose success reloads the page). */
  signInForm: ReactNode;
  title?: string;
  lead?: ReactNode;
}

/** The signed-in guard's page when nobody is signed in: 'Authentication Required' with the sign-in form. */
export function AuthRequired({
  signInForm,
  title = messages.authenticationRequired,
  lead = 'Please sign in to continue to this page.',
}: AuthRequiredProps) {
  return (
    <div className={css.page}>
      <div className={css.intro}>
        <h1 className={css.title}>{title}</h1>
        <p className={css.lead}>{lead}</p>
      </div>
      {signInForm}
    </div>
  );
}
