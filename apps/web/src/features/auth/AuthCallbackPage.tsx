import { useMemo, useState } from 'react';
import { brand } from '@pentland/site-data';
import { DEFAULT_DELAYS, type AuthHost } from '@pentland/auth-machine';
import {
  AuthContextProvider,
  parseCallbackQuery,
  useAuth,
  useAuthCallback,
} from '@pentland/auth-machine/react';
import { PageSpinner, Section } from '@pentland/ui';
import { AuthCallbackScreen } from '@pentland/screens';
import { SecondFactor } from './SignInForm.tsx';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { hasStoredSession } from '../../lib/storedSession.ts';
import { usePrepareNavigation } from './usePrepareNavigation.ts';

/**
 * Whether the session the callback established still needs the authenticator code (aal1 with a verified factor).
 * Without a stored session (the callback failed, or there was nothing to exchange) there is none to step up, and
 * supabase-js is not loaded only to say so.
 */
async function needsSecondFactor(): Promise<boolean> {
  if (!hasStoredSession()) return false;
  const [client, { createSupabaseMfaService }] = await Promise.all([
    loadSupabase(),
    import('@pentland/auth-machine/supabase'),
  ]);
  const { assurance } = await createSupabaseMfaService(client).assurance();
  return !!assurance && assurance.next === 'aal2' && assurance.current !== 'aal2';
}

/**
 * How long the error screen still shows before going to /auth. The error decided by the address alone is in the page
 * as served, on screen from the page's first paint: the 3 seconds count from then, not from when the app started (on
 * a slow phone, seconds later). Reached within the app, or with the page not painted yet, the whole delay.
 */
function errorRedirectDelay(): number {
  const full = DEFAULT_DELAYS.callbackErrorRedirect;
  if (typeof performance === 'undefined' || typeof location === 'undefined') return full;
  const [entry] = performance.getEntriesByType('navigation');
  const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
  if (!entry || entry.name !== location.href || painted === undefined) return full;
  return Math.max(0, Math.round(full - (performance.now() - painted)));
}

function Screen({ query }: { query: URLSearchParams }) {
  const [delays] = useState(() => ({ callbackErrorRedirect: errorRedirectDelay() }));
  const { view, retry, cancel } = useAuthCallback({
    brand,
    query: parseCallbackQuery(query.toString()),
    delays,
  });
  usePrepareNavigation(view.redirectTo);
  return <AuthCallbackScreen view={view} onRetry={retry} onCancel={cancel} />;
}

/**
 * The callback machine as the spec has it; when it leaves with a session whose account has two-step verification,
 * the authenticator code is asked for first (as after a password sign-in), then the user goes where the machine
 * was sending them. Cancelling signs out and returns to /auth.
 */
function Callback({ query }: { query: URLSearchParams }) {
  const auth = useAuth();
  const [pending, setPending] = useState<string | null>(null);
  const host = useMemo<AuthHost>(
    () => ({
      ...auth.host,
      navigate: (to) =>
        void needsSecondFactor()
          .catch(() => false)
          .then((needed) => (needed ? setPending(to) : auth.host.navigate(to))),
    }),
    [auth.host],
  );
  const value = useMemo(() => ({ ...auth, host }), [auth, host]);
  if (pending)
    return (
      <SecondFactor onDone={() => auth.host.navigate(pending)} onCancel={() => auth.host.navigate('/auth')} />
    );
  return (
    <AuthContextProvider value={value}>
      <Screen query={query} />
    </AuthContextProvider>
  );
}

/**
 * /auth/callback: where the social provider, the confirmation and the magic links return with a code. What the
 * callback machine decides from the query alone (the provider's error, no code) is in the page the server renders
 * for the address; exchanging the code happens in the browser. Prerendered without a query: a spinner.
 */
export default function AuthCallbackPage() {
  const query = useAddressQuery();
  return (
    <Section tone="muted" width="narrow">
      {query ? <Callback query={query} /> : <PageSpinner />}
    </Section>
  );
}
