import { Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import { CallbackContent } from './AuthCallback.tsx';

/**
 * /auth/callback: where the social provider, the confirmation and the magic links return with a code. What the
 * callback machine decides from the query alone (the provider's error, no code) is in the page the server renders
 * for the address; exchanging the code happens in the browser. Prerendered without a query: a spinner. Served as
 * islands: the callback's screen (with its own session) and the navigation hydrate.
 */
export default function AuthCallbackPage() {
  return (
    <Section tone="muted" width="narrow">
      <Island name="AuthCallbackIsland" props={{}}>
        <CallbackContent />
      </Island>
    </Section>
  );
}
