import type { AdminGuardView, SignedInGuardView } from '@pentland/auth-machine';
import type { ReactNode } from 'react';
import { AccessDenied } from '../AccessDenied/AccessDenied.tsx';
import { AdminAccessRequired } from '../AdminAccessRequired/AdminAccessRequired.tsx';
import { AuthRequired } from '../AuthRequired/AuthRequired.tsx';
import { CodeRequired } from './CodeRequired.tsx';
import { GuardChecking } from './GuardChecking.tsx';

export interface SignedInGateProps {
  /** `useSignedInGuard().view`. */
  view: Pick<
    SignedInGuardView,
    'status' | 'text' | 'showContent' | 'showFallback' | 'showSignInForm' | 'showCodeForm'
  >;
  /** The protected page. */
  children: ReactNode;
  fallback?: ReactNode;
  /** The sign-in form embedded on 'Authentication Required'. */
  signInForm: ReactNode;
  /** The authenticator-code form, the only thing shown while the session owes its code. */
  codeForm: ReactNode;
}

/**
 * Renders the signed-in guard's state: checking, the content, the code screen, the fallback or 'Authentication
 * Required'.
 */
export function SignedInGate({ view, children, fallback, signInForm, codeForm }: SignedInGateProps) {
  if (view.showContent) return <>{children}</>;
  if (view.showCodeForm) return <CodeRequired codeForm={codeForm} />;
  if (view.showFallback) return <>{fallback}</>;
  if (view.showSignInForm) return <AuthRequired title={view.text ?? undefined} signInForm={signInForm} />;
  return <GuardChecking text={view.text ?? ''} />;
}

export interface AdminGateProps {
  /** `useAdminGuard().view`. */
  view: Pick<
    AdminGuardView,
    'status' | 'title' | 'email' | 'loading' | 'showContent' | 'showSignInForm' | 'showCodeForm'
  >;
  children: ReactNode;
  signInForm: ReactNode;
  /** The authenticator-code form, the only thing shown while the session owes its code. */
  codeForm: ReactNode;
  /** Return to Homepage: `goHome()`. */
  onReturnHome: () => void;
}

/**
 * Renders the admin guard's state: checking, the code screen, 'Admin Access Required', 'Access Denied' or the
 * content.
 */
export function AdminGate({ view, children, signInForm, codeForm, onReturnHome }: AdminGateProps) {
  if (view.showContent) return <>{children}</>;
  if (view.showCodeForm) return <CodeRequired codeForm={codeForm} />;
  if (view.loading) return <GuardChecking text={view.title ?? ''} />;
  if (view.showSignInForm) return <AdminAccessRequired signInForm={signInForm} />;
  return <AccessDenied email={view.email} onReturnHome={onReturnHome} />;
}
