import { useEffect, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { authServiceCalls, type AuthService } from '@pentland/auth-machine';
import { readBackendConfig } from '../config.ts';
import { nextTask } from './nextTask.ts';
import { hasAuthRedirect, hasStoredSession, SESSION_KEY } from './storedSession.ts';

let client: Promise<SupabaseClient> | undefined;

/**
 * How often the Realtime connection is checked (a heartbeat the backend answers). A connection that died without
 * closing (the network gone) is noticed when a heartbeat goes unanswered for this long, so within twice this:
 * the live pages (the E-Board display's 'Reconnecting…') know within 10 s, and reconnect by themselves.
 */
export const realtimeHeartbeatMs = 3_000;

/**
 * The one Supabase client (PKCE: the social sign-in, the sign-up confirmation and the recovery link all return
 * a code that the client exchanges). supabase-js is loaded after the first paint, keeping it out of the
 * first-load JavaScript; every caller shares the same client.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  // Evaluating supabase-js, creating the client and the caller's first request (and Realtime connection) are three
  // tasks, not one: together they held the main thread for 15-27 ms here while a page hydrated.
  client ??= import('@supabase/supabase-js')
    .then(async ({ createClient }) => {
      await nextTask();
      const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);
      return createClient(supabaseUrl, supabaseAnonKey, {
        auth: { flowType: 'pkce' },
        realtime: { heartbeatIntervalMs: realtimeHeartbeatMs },
      });
    })
    .then(async (created) => {
      await nextTask();
      return created;
    });
  return client;
}

/** The shared client in a component: null until supabase-js has loaded (after the first paint). */
export function useSupabase(): SupabaseClient | null {
  const [loaded, setLoaded] = useState<SupabaseClient | null>(null);
  useEffect(() => {
    let active = true;
    void loadSupabase().then((c) => {
      if (active) setLoaded(c);
    });
    return () => {
      active = false;
    };
  }, []);
  return loaded;
}

type AuthListener = Parameters<AuthService['onAuthStateChange']>[0];

/**
 * The machines' Supabase service over the lazily loaded client: each call waits for the client first. A visitor
 * with no stored session (and no sign-in to complete from the address) is signed out without supabase-js: reading
 * the session answers "none" at once, and the auth-change subscriptions attach when supabase-js loads for a call
 * (signing in, say) or when another tab stores a session.
 */
export function createAuthService(): AuthService {
  // Nothing loads until the first call: the server render creates the service but never calls it.
  let loaded: Promise<AuthService> | undefined;
  const waiting = new Set<(s: AuthService) => void>();
  const service = () =>
    (loaded ??= Promise.all([loadSupabase(), import('@pentland/auth-machine/supabase')]).then(
      ([client, { createSupabaseAuthService }]) => {
        const s = createSupabaseAuthService(client);
        // Subscribed before the call that loaded it runs, so its auth event reaches them.
        for (const subscribe of waiting) subscribe(s);
        waiting.clear();
        return s;
      },
    ));
  const needsClient = () => hasStoredSession() || hasAuthRedirect();
  const calls = Object.fromEntries(
    authServiceCalls.map((name) => [
      name,
      async (...args: unknown[]) =>
        ((await service())[name] as (...a: unknown[]) => Promise<unknown>)(...args),
    ]),
  );
  return {
    ...calls,
    async getSession() {
      if (!loaded && !needsClient()) return { session: null, error: null };
      return (await service()).getSession();
    },
    onAuthStateChange(listener: AuthListener) {
      let unsubscribe: (() => void) | undefined;
      let active = true;
      const subscribe = (s: AuthService) => {
        if (active && !unsubscribe) unsubscribe = s.onAuthStateChange(listener);
      };
      // Another tab signed in (a storage event comes only from other tabs).
      const onStorage = (event: StorageEvent) => {
        if (event.key && SESSION_KEY.test(event.key)) void service().then(subscribe);
      };
      if (loaded || needsClient()) void service().then(subscribe);
      else {
        waiting.add(subscribe);
        window.addEventListener('storage', onStorage);
      }
      return () => {
        active = false;
        waiting.delete(subscribe);
        window.removeEventListener('storage', onStorage);
        unsubscribe?.();
      };
    },
  } as AuthService;
}
