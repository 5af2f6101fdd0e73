import { carriesAuthRedirect, DEFAULT_AFTER_LOGIN } from '@pentland/auth-machine';
import { usePasswordUpdate } from '@pentland/auth-machine/react';
import { PasswordUpdateForm } from '@pentland/screens';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { hasStoredSession } from '../../lib/storedSession.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { usePrepareNavigation } from './usePrepareNavigation.ts';

function PasswordUpdate({ linkAbsent }: { linkAbsent: boolean }) {
  const { view, setField, togglePassword, submit } = usePasswordUpdate({ linkAbsent });
  usePrepareNavigation(view.status === 'updated' ? DEFAULT_AFTER_LOGIN : null);
  return (
    <PasswordUpdateForm
      view={view}
      onFieldChange={setField}
      onTogglePassword={togglePassword}
      onSubmit={submit}
    />
  );
}

/**
 * The new password's form. Opened without a link (nothing in its address, which the server renders it for, and no
 * session in the browser, known once hydrated), it says where a link comes from at once instead of checking for one.
 */
export function ResetPasswordForm() {
  const query = useAddressQuery();
  const hydrated = useHydrated();
  const linkAbsent =
    query !== null &&
    !carriesAuthRedirect(`?${query}`, hydrated ? window.location.hash : '') &&
    !(hydrated && hasStoredSession());
  return <PasswordUpdate key={String(linkAbsent)} linkAbsent={linkAbsent} />;
}

/** /auth/reset-password's form as an island, with a session of its own (the recovery link's). */
export default function ResetPasswordIsland() {
  return (
    <AuthProvider>
      <ResetPasswordForm />
    </AuthProvider>
  );
}
