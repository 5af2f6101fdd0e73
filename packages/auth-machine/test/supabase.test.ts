import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import { createSupabaseAuthService } from '../src/supabase/index.ts';
import { fixtures } from '../src/testing/index.ts';

// Thin checks of the mapping onto supabase-js calls, against a recording stand-in for the client
// (the real backend is exercised by the web app's tests).
type Call = [string, ...unknown[]];

function fakeClient(answers: Record<string, unknown> = {}) {
  const calls: Call[] = [];
  const listeners: Array<(event: string, session: unknown) => void> = [];
  let unsubscribed = 0;
  const answer = (name: string, fallback: unknown) => (name in answers ? answers[name] : fallback);
  const method =
    (name: string, fallback: unknown = { data: {}, error: null }) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      const a = answer(name, fallback);
      return typeof a === 'function' ? (a as () => unknown)() : a;
    };
  const client = {
    auth: {
      signInWithPassword: method('signInWithPassword'),
      signUp: method('signUp'),
      resetPasswordForEmail: method('resetPasswordForEmail'),
      updateUser: method('updateUser'),
      signInWithOAuth: method('signInWithOAuth'),
      signOut: method('signOut'),
      getSession: method('getSession', { data: { session: null }, error: null }),
      exchangeCodeForSession: method('exchangeCodeForSession'),
      getUser: method('getUser', { data: { user: null }, error: null }),
      onAuthStateChange: (listener: (event: string, session: unknown) => void) => {
        listeners.push(listener);
        return { data: { subscription: { unsubscribe: () => void (unsubscribed += 1) } } };
      },
    },
    rpc: method('rpc'),
  };
  return { client: client as unknown as SupabaseClient, calls, listeners, unsubscribed: () => unsubscribed };
}

const origin = 'https://pentland.example';

describe('createSupabaseAuthService', () => {
  test('sign in, sign up, reset and provider sign-in send what the spec lists', async () => {
    const { client, calls } = fakeClient();
    const service = createSupabaseAuthService(client, { origin });
    await service.signIn({ email: 'a@b.c', password: 'secret1' });
    await service.signUp({ email: 'a@b.c', password: 'secret1', fullName: 'Ada Lovelace' });
    await service.resetPassword({ email: 'a@b.c' });
    await service.signInWithProvider({ provider: 'facebook' });
    await service.updatePassword({ password: 'secret2' });
    expect(calls).toEqual([
      ['signInWithPassword', { email: 'a@b.c', password: 'secret1' }],
      [
        'signUp',
        {
          email: 'a@b.c',
          password: 'secret1',
          options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: `${origin}/auth/callback` },
        },
      ],
      ['resetPasswordForEmail', 'a@b.c', { redirectTo: `${origin}/auth/reset-password` }],
      [
        'signInWithOAuth',
        {
          provider: 'facebook',
          options: {
            redirectTo: `${origin}/auth/callback`,
            queryParams: { access_type: 'offline', prompt: 'consent' },
          },
        },
      ],
      ['updateUser', { password: 'secret2' }],
    ]);
  });

  test('a Supabase error comes back as { error: { message } }', async () => {
    const { client } = fakeClient({
      signInWithPassword: { data: {}, error: { message: 'Invalid login credentials', status: 400 } },
    });
    expect(
      await createSupabaseAuthService(client, { origin }).signIn({ email: 'a@b.c', password: 'x' }),
    ).toEqual({
      error: { message: 'Invalid login credentials' },
    });
  });

  test('the callback uses an existing session without exchanging the code', async () => {
    const { client, calls } = fakeClient({
      getSession: { data: { session: fixtures.session }, error: null },
    });
    const result = await createSupabaseAuthService(client, { origin }).completeCallback({ code: 'abc' });
    expect(result).toEqual({ session: fixtures.session, error: null });
    expect(calls.map((c) => c[0])).toEqual(['getSession']);
  });

  test('otherwise the callback exchanges the PKCE code', async () => {
    const { client, calls } = fakeClient({
      exchangeCodeForSession: { data: { session: fixtures.session, user: fixtures.user }, error: null },
    });
    const result = await createSupabaseAuthService(client, { origin }).completeCallback({ code: 'abc' });
    expect(result).toEqual({ session: fixtures.session, error: null });
    expect(calls).toEqual([['getSession'], ['exchangeCodeForSession', 'abc']]);
  });

  test('a failed exchange is reported unless a concurrent exchange produced a session', async () => {
    const failing = fakeClient({
      exchangeCodeForSession: { data: { session: null }, error: { message: 'invalid flow state' } },
    });
    expect(
      await createSupabaseAuthService(failing.client, { origin }).completeCallback({ code: 'abc' }),
    ).toEqual({
      session: null,
      error: { message: 'invalid flow state' },
    });
    let reads = 0;
    const raced = fakeClient({
      exchangeCodeForSession: { data: { session: null }, error: { message: 'code already used' } },
      getSession: () => ({ data: { session: reads++ === 0 ? null : fixtures.session }, error: null }),
    });
    expect(
      await createSupabaseAuthService(raced.client, { origin }).completeCallback({ code: 'abc' }),
    ).toEqual({
      session: fixtures.session,
      error: null,
    });
  });

  test('is_admin and user_subscription_status are rpc calls that throw on error', async () => {
    const ok = fakeClient({ rpc: { data: true, error: null } });
    const service = createSupabaseAuthService(ok.client, { origin });
    expect(await service.isAdmin()).toBe(true);
    expect(ok.calls).toEqual([['rpc', 'is_admin']]);

    const status = fakeClient({ rpc: { data: [{ has_premium: true, subscriptions: [] }], error: null } });
    expect(await createSupabaseAuthService(status.client, { origin }).subscriptionStatus()).toEqual({
      has_premium: true,
      subscriptions: [],
    });
    expect(status.calls).toEqual([['rpc', 'user_subscription_status']]);

    const failing = createSupabaseAuthService(
      fakeClient({ rpc: { data: null, error: { message: 'permission denied' } } }).client,
      { origin },
    );
    await expect(failing.isAdmin()).rejects.toThrow('permission denied');
    await expect(failing.subscriptionStatus()).rejects.toThrow('permission denied');
  });

  test('auth changes are forwarded and can be unsubscribed', () => {
    const fake = fakeClient();
    const seen: string[] = [];
    const unsubscribe = createSupabaseAuthService(fake.client, { origin }).onAuthStateChange((event) =>
      seen.push(event),
    );
    fake.listeners.forEach((l) => {
      l('SIGNED_IN', fixtures.session);
      // The accepted authenticator code brings the aal2 session: the guards must see it.
      l('MFA_CHALLENGE_VERIFIED', fixtures.session);
      l('SOMETHING_NEW', null);
      l('SIGNED_OUT', null);
    });
    expect(seen).toEqual(['SIGNED_IN', 'MFA_CHALLENGE_VERIFIED', 'SIGNED_OUT']);
    unsubscribe();
    expect(fake.unsubscribed()).toBe(1);
  });

  test('without a window the origin must be given', async () => {
    const service = createSupabaseAuthService(fakeClient().client);
    await expect(service.resetPassword({ email: 'a@b.c' })).rejects.toThrow('pass `origin`');
  });
});
