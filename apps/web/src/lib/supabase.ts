import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuthService } from '@pentland/auth-machine';
import { readBackendConfig } from '../config';

let client: Promise<SupabaseClient> | undefined;

/**
 * The one Supabase client (PKCE: the social sign-in, the sign-up confirmation and the recovery link all return
 * a code that the client exchanges). supabase-js is loaded after the first paint, keeping it out of the
 * first-load JavaScript; every caller shares the same client.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);
    return createClient(supabaseUrl, supabaseAnonKey, { auth: { flowType: 'pkce' } });
  });
  return client;
}

type ServiceCall = Exclude<keyof AuthService, 'onAuthStateChange'>;

/** The machines' Supabase service over the lazily loaded client: each call waits for the client first. */
export function createAuthService(): AuthService {
  // Nothing loads until the first call: the server render creates the service but never calls it.
  let loaded: Promise<AuthService> | undefined;
  const service = () =>
    (loaded ??= Promise.all([loadSupabase(), import('@pentland/auth-machine/supabase')]).then(
      ([client, { createSupabaseAuthService }]) => createSupabaseAuthService(client),
    ));
  const call =
    <K extends ServiceCall>(name: K) =>
    async (...args: Parameters<AuthService[K]>): Promise<Awaited<ReturnType<AuthService[K]>>> => {
      const s = await service();
      return (s[name] as (...a: Parameters<AuthService[K]>) => Promise<Awaited<ReturnType<AuthService[K]>>>)(
        ...args,
      );
    };
  return {
    signIn: call('signIn'),
    signUp: call('signUp'),
    resetPassword: call('resetPassword'),
    updatePassword: call('updatePassword'),
    signInWithProvider: call('signInWithProvider'),
    signOut: call('signOut'),
    getSession: call('getSession'),
    completeCallback: call('completeCallback'),
    getUser: call('getUser'),
    isAdmin: call('isAdmin'),
    subscriptionStatus: call('subscriptionStatus'),
    onAuthStateChange(listener) {
      let unsubscribe: (() => void) | undefined;
      let active = true;
      void service().then((s) => {
        if (active) unsubscribe = s.onAuthStateChange(listener);
      });
      return () => {
        active = false;
        unsubscribe?.();
      };
    },
  };
}
