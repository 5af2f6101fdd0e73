import { useState } from 'react';
import type { UserIdentity } from '@supabase/supabase-js';
import { canUnlink, identityMessages, providerName } from '@pentland/account';
import { AUTH_REDIRECT_KEY } from '@pentland/auth-machine';
import { idle, LinkedIdentities, type ActionState } from '@pentland/screens';
import { linkProvider, unlinkIdentity } from './data.ts';
import { done, fail, type ProfileContext } from './useProfile.ts';

/** The sign-in methods: the linked identities (never the last one removed) and the providers still to link. */
export function SignInMethodsSection({
  client,
  user,
  refresh,
  providers,
}: ProfileContext & { providers: readonly string[] }) {
  const [identityState, setIdentityState] = useState<ActionState>(idle);
  const identities: UserIdentity[] = user.identities ?? [];
  const linked = identities.map((i) => ({ identity_id: i.identity_id, provider: i.provider }));
  const link = async (provider: string) => {
    setIdentityState(done(identityMessages.linking(provider)));
    sessionStorage.setItem(AUTH_REDIRECT_KEY, '/profile');
    const error = await linkProvider(client, provider);
    if (error) setIdentityState(fail(error.message));
  };
  const unlink = async (identityId: string) => {
    const identity = identities.find((i) => i.identity_id === identityId);
    if (!identity) return;
    if (!canUnlink(linked, identityId)) return setIdentityState(fail(identityMessages.lastIdentity));
    setIdentityState({ status: 'busy' });
    const error = await unlinkIdentity(client, identity);
    if (error) return setIdentityState(fail(error.message));
    setIdentityState(done(identityMessages.unlinked(identity.provider)));
    void refresh();
  };
  return (
    <LinkedIdentities
      identities={identities.map((i) => ({
        id: i.identity_id,
        name: providerName(i.provider),
        email: (i.identity_data?.email as string | undefined) ?? null,
        removable: canUnlink(linked, i.identity_id),
      }))}
      available={providers
        .filter((p) => !identities.some((i) => i.provider === p))
        .map((p) => ({ id: p, name: providerName(p) }))}
      onLink={(p) => void link(p)}
      onUnlink={(id) => void unlink(id)}
      state={identityState}
      lastIdentityNote={identityMessages.lastIdentity}
    />
  );
}
