import { brand } from '@pentland/site-data';
import { useAuthCallback } from '@pentland/auth-machine/react';
import { AuthCallbackScreen, PageSpinner, Section } from '@pentland/ui';
import { useHydrated } from '../lib/hydrated';

function Callback() {
  const { view, retry, cancel } = useAuthCallback({ brand });
  return <AuthCallbackScreen view={view} onRetry={retry} onCancel={cancel} />;
}

/**
 * /auth/callback: where the social provider, the confirmation and the magic links return with a code. The
 * callback machine reads the query and session storage, so it starts in the browser only.
 */
export default function AuthCallbackPage() {
  const hydrated = useHydrated();
  return (
    <Section tone="muted" width="narrow">
      {hydrated ? <Callback /> : <PageSpinner />}
    </Section>
  );
}
