import type { ReactNode } from 'react';
import * as css from './Guards.css.ts';

export const codeRequiredMessages = {
  title: 'Enter your authenticator code',
  lead: 'Your account has two-step verification. Enter the code from your authenticator app to continue, or sign out.',
} as const;

export interface CodeRequiredProps {
  /** The code form (`<MfaChallenge headingLevel={2} cancelLabel="Sign out" …/>`): verifying or signing out leaves it. */
  codeForm: ReactNode;
}

/**
 * What a protected page shows to a session signed in with the password only by a user who turned on two-step
 * verification: the code form and nothing of the page (the server refuses that session the page's data too).
 */
export function CodeRequired({ codeForm }: CodeRequiredProps) {
  return (
    <div className={css.page}>
      <div className={css.intro}>
        <h1 className={css.title}>{codeRequiredMessages.title}</h1>
        <p className={css.lead}>{codeRequiredMessages.lead}</p>
      </div>
      {codeForm}
    </div>
  );
}
