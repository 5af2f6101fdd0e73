import { useMemo } from 'react';
import { usePasswordChange } from '@pentland/auth-machine/react';
import { createSupabasePasswordChangeService } from '@pentland/auth-machine/supabase';
import { PasswordChangeForm } from '@pentland/screens';
import type { ProfileContext } from './useProfile.ts';

/** The password: auth-machine's password change (the current password, or a code for an account without one). */
export function PasswordSection({ client, user }: ProfileContext) {
  const service = useMemo(() => createSupabasePasswordChangeService(client), [client]);
  const password = usePasswordChange({ service });
  return (
    <PasswordChangeForm
      view={password.view}
      onFieldChange={password.setField}
      onTogglePassword={password.togglePassword}
      onSubmit={password.submit}
      onResendCode={password.resendCode}
      hasPassword={(user.identities ?? []).some((i) => i.provider === 'email')}
    />
  );
}
