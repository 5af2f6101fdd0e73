import { Suspense, useState } from 'react';
import { DEFAULT_AFTER_LOGIN, mfaMessages } from '@pentland/auth-machine';
import { useAuth, useAuthForm, type UseAuthFormOptions } from '@pentland/auth-machine/react';
import { Spinner } from '@pentland/ui';
import { AuthForm } from '@pentland/screens';
import { preloadable } from '../../lib/preloadable.tsx';
import type { SecondFactorProps } from './SecondFactor.tsx';
import { usePrepareNavigation } from './usePrepareNavigation.ts';

export interface SignInFormProps {
  /** The form's first mode (sign in unless given). */
  mode?: UseAuthFormOptions['mode'];
  /** Called 1 s after signing in instead of going to /welcome (the guards reload the page). */
  onSuccess?: () => void;
  headingLevel?: 1 | 2;
}

/**
 * The auth form machine rendered by the UI kit's form: on /auth and embedded in the guard pages. After a password
 * sign-in, an account with two-step verification is asked for its authenticator code (the session becomes aal2)
 * before it goes on.
 */
export function SignInForm({ mode, onSuccess, headingLevel }: SignInFormProps) {
  const { host } = useAuth();
  const [stage, setStage] = useState<'form' | 'code'>('form');
  const proceed = onSuccess ?? (() => host.navigate(DEFAULT_AFTER_LOGIN));
  if (stage === 'code')
    return <SecondFactor headingLevel={headingLevel} onDone={proceed} onCancel={() => setStage('form')} />;
  return (
    <PasswordForm
      mode={mode}
      headingLevel={headingLevel}
      onSuccess={() => setStage('code')}
      next={onSuccess ? undefined : DEFAULT_AFTER_LOGIN}
    />
  );
}

function PasswordForm({ mode, onSuccess, headingLevel, next }: SignInFormProps & { next?: string }) {
  const { view, setField, switchMode, togglePassword, submit, startSocial } = useAuthForm({
    mode,
    onSuccess,
  });
  usePrepareNavigation(view.redirect ? next : null);
  return (
    <AuthForm
      view={view}
      headingLevel={headingLevel}
      onFieldChange={setField}
      onModeSwitch={switchMode}
      onTogglePassword={togglePassword}
      onSubmit={() => {
        // A sign-in goes on to the second factor's check: its code loads while the password is checked.
        if (view.mode === 'signin') void SecondFactorCode.preload();
        submit();
      }}
      onSocial={startSocial}
    />
  );
}

const SecondFactorCode = preloadable(() => import('./SecondFactor.tsx'));

/**
 * The authenticator code for a session that needs it (`SecondFactor.tsx`), loaded when first shown, or while a
 * password sign-in is on its way.
 */
export function SecondFactor(props: SecondFactorProps) {
  return (
    <Suspense fallback={<Spinner size="small" label={mfaMessages.checking} showLabel />}>
      <SecondFactorCode.Component {...props} />
    </Suspense>
  );
}
