import { carriesAuthRedirect, DEFAULT_AFTER_LOGIN } from '@pentland/auth-machine';
import { usePasswordUpdate } from '@pentland/auth-machine/react';
import { Section } from '@pentland/ui';
import { PasswordUpdateForm } from '@pentland/screens';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { hasStoredSession } from '../../lib/storedSession.ts';
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
 * /auth/reset-password: the recovery e-mail's link signs the user in; here they choose a new password. Opened without
 * a link (nothing in its address, which the server renders it for, and no session in the browser, known once
 * hydrated), it says where a link comes from at once instead of checking for one.
 */
export default function ResetPasswordPage() {
  const query = useAddressQuery();
  const hydrated = useHydrated();
  const linkAbsent =
    query !== null &&
    !carriesAuthRedirect(`?${query}`, hydrated ? window.location.hash : '') &&
    !(hydrated && hasStoredSession());
  return (
    <Section tone="muted" width="narrow">
      <PasswordUpdate key={String(linkAbsent)} linkAbsent={linkAbsent} />
    </Section>
  );
}
