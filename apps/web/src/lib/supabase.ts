import type { SupabaseClient } from '@supabase/supabase-js';
import { authServiceCalls, type AuthService } from '@pentland/auth-machine';
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

/** The machines' Supabase service over the lazily loaded client: each call waits for the client first. */
export function createAuthService(): AuthService {
  // Nothing loads until the first call: the server render creates the service but never calls it.
  let loaded: Promise<AuthService> | undefined;
  const service = () =>
    (loaded ??= Promise.all([loadSupabase(), import('@pentland/auth-machine/supabase')]).then(
      ([client, { createSupabaseAuthService }]) => createSupabaseAuthService(client),
    ));
  const calls = Object.fromEntries(
    authServiceCalls.map((name) => [
      name,
      async (...args: unknown[]) =>
        ((await service())[name] as (...a: unknown[]) => Promise<unknown>)(...args),
    ]),
  );
  return {
    ...calls,
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
  } as AuthService;
}
