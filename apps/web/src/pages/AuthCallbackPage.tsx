import { brand } from '@pentland/site-data';
import { useAuthCallback } from '@pentland/auth-machine/react';
import { AuthCallbackScreen, Section } from '@pentland/ui';

/** /auth/callback: where the social provider, the confirmation and the magic links return with a code. */
export default function AuthCallbackPage() {
  const { view, retry, cancel } = useAuthCallback({ brand });
  return (
    <Section tone="muted" width="narrow">
      <AuthCallbackScreen view={view} onRetry={retry} onCancel={cancel} />
    </Section>
  );
}
