import { useMemo, useState } from 'react';
import { DEFAULT_AFTER_LOGIN } from '@pentland/auth-machine';
import { useAuth, useAuthForm, useMfaChallenge, type UseAuthFormOptions } from '@pentland/auth-machine/react';
import { createSupabaseMfaService } from '@pentland/auth-machine/supabase';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Spinner } from '@pentland/ui';
import { AuthForm, MfaChallenge } from '@pentland/screens';
import { useSupabase } from '../../lib/supabase.ts';
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
      onSubmit={submit}
      onSocial={startSocial}
    />
  );
}

interface SecondFactorProps {
  headingLevel?: 1 | 2;
  /** The cancel button's words (cancelling signs out). */
  cancelLabel?: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The authenticator code for a session that needs it (after a password sign-in here, or the social callback). */
export function SecondFactor(props: SecondFactorProps) {
  const client = useSupabase();
  if (!client) return <Spinner size="small" label="Checking your sign-in..." showLabel />;
  return <Challenge client={client} {...props} />;
}

/** The aal2 challenge: nothing to ask without a verified factor; cancelling signs out and shows the form again. */
function Challenge({
  client,
  headingLevel,
  cancelLabel,
  onDone,
  onCancel,
}: SecondFactorProps & { client: SupabaseClient }) {
  const { signOut } = useAuth();
  const mfa = useMemo(() => createSupabaseMfaService(client), [client]);
  const challenge = useMfaChallenge({
    mfa,
    onCompleted: onDone,
    onCancelled: () => {
      signOut();
      onCancel();
    },
  });
  if (challenge.view.status === 'notRequired' || challenge.view.status === 'verified')
    return <Spinner size="small" label="Signing you in..." showLabel />;
  return (
    <MfaChallenge
      view={challenge.view}
      headingLevel={headingLevel}
      cancelLabel={cancelLabel}
      onCodeChange={challenge.setCode}
      onSubmit={challenge.submit}
      onCancel={challenge.cancel}
      onRetry={challenge.retry}
    />
  );
}
