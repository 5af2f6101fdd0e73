import { useMemo } from 'react';
import { mfaMessages } from '@pentland/auth-machine';
import { useAuth, useMfaChallenge } from '@pentland/auth-machine/react';
import { createSupabaseMfaService } from '@pentland/auth-machine/supabase';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Spinner } from '@pentland/ui';
import { MfaChallenge } from '@pentland/screens';
import { useSupabase } from '../../lib/supabase.ts';

export interface SecondFactorProps {
  headingLevel?: 1 | 2;
  /** The cancel button's words (cancelling signs out). */
  cancelLabel?: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The authenticator code for a session that needs it (after a password sign-in, or the social callback). Its own
 * chunk (the MFA machine and screen): only a sign-in to an account with two-step verification needs it.
 */
export default function SecondFactor(props: SecondFactorProps) {
  const client = useSupabase();
  if (!client) return <Spinner size="small" label={mfaMessages.checking} showLabel />;
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
