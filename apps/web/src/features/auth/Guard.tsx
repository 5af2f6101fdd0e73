import type { ReactNode } from 'react';
import type { Access } from '@pentland/site-data';
import { useAdminGuard, useSignedInGuard } from '@pentland/auth-machine/react';
import { AdminGate, SignedInGate } from '@pentland/screens';
import SecondFactor from './SecondFactor.tsx';
import { SignInForm } from './SignInForm.tsx';

/**
 * The code screen of a session signed in with the password only by a user with two-step verification: the
 * accepted code brings the aal2 session (the guard then shows the page); cancelling signs out. Its code comes with
 * the guard's, so the screen shows its field at once.
 */
const codeForm = (
  <SecondFactor headingLevel={2} cancelLabel="Sign out" onDone={() => {}} onCancel={() => {}} />
);

/** The signed-in guard: checking, the page, or 'Authentication Required' with the form. */
function RequireSignIn({ children }: { children: ReactNode }) {
  const { view, signInCompleted } = useSignedInGuard();
  return (
    <SignedInGate
      view={view}
      signInForm={<SignInForm headingLevel={2} onSuccess={signInCompleted} />}
      codeForm={codeForm}
    >
      {children}
    </SignedInGate>
  );
}

/** The admin guard: checking, 'Admin Access Required', 'Access Denied' or the page. */
function RequireAdmin({ children }: { children: ReactNode }) {
  // As on the signed-in guard, signing in on the page keeps the form's success message, then reloads the page.
  const { view, goHome, signInCompleted } = useAdminGuard({ embeddedSignIn: true });
  return (
    <AdminGate
      view={view}
      onReturnHome={goHome}
      signInForm={<SignInForm headingLevel={2} onSuccess={signInCompleted} />}
      codeForm={codeForm}
    >
      {children}
    </AdminGate>
  );
}

/**
 * The guard a route's access calls for (loaded only with guarded pages). It decides what the browser shows;
 * the data behind the page is guarded by row-level security on the server.
 */
export default function Guard({
  access,
  children,
}: {
  access: Exclude<Access, 'public'>;
  children: ReactNode;
}) {
  return access === 'admin' ? (
    <RequireAdmin>{children}</RequireAdmin>
  ) : (
    <RequireSignIn>{children}</RequireSignIn>
  );
}
