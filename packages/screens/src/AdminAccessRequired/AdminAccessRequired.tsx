import { messages } from '@pentland/auth-machine';
import type { ReactNode } from 'react';
import { AuthRequired } from '../AuthRequired/AuthRequired.tsx';

export interface AdminAccessRequiredProps {
  /** The embedded sign-in form. */
  signInForm: ReactNode;
}

/** The admin guard's page when nobody is signed in: 'Admin Access Required' with the sign-in form. */
export function AdminAccessRequired({ signInForm }: AdminAccessRequiredProps) {
  return (
    <AuthRequired
      title={messages.adminAccessRequired}
      lead="Sign in with an administrator account to continue."
      signInForm={signInForm}
    />
  );
}
