// @vitest-environment happy-dom
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  AuthContextProvider,
  AuthProvider,
  AuthSessionRunner,
  pendingAuthValue,
  useAdminGuard,
  useAuth,
  useAuthCallback,
  useAuthForm,
  usePremium,
  useSession,
  useSignedInGuard,
} from '../src/react/index.ts';
import {
  createFakeAuthService,
  createRecordingHost,
  fixtures,
  type FakeAuthService,
} from '../src/testing/index.ts';

function setup(options: { storage?: Record<string, string> } = {}) {
  const fake = createFakeAuthService();
  const rec = createRecordingHost({ currentPath: '/pricing', storage: options.storage });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthProvider service={fake.service} host={rec.host} adminEmails={fixtures.adminEmails}>
      {children}
    </AuthProvider>
  );
  return { fake, rec, wrapper };
}

const signIn = async (fake: FakeAuthService, session = fixtures.session) => {
  await act(async () => fake.resolve('getSession', { session, error: null }));
};

afterEach(() => vi.restoreAllMocks());

describe('useAuth', () => {
  function Consumer() {
    useAuth();
    return null;
  }

  test("throws 'useAuth must be used within an AuthProvider' outside the provider", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Consumer />)).toThrow(new Error('useAuth must be used within an AuthProvider'));
    expect(() => renderToString(<Consumer />)).toThrow('useAuth must be used within an AuthProvider');
  });

  test('inside the provider it exposes the session, loading until the first read', async () => {
    const { fake, wrapper } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.loading).toBe(true);
    await signIn(fake);
    expect(result.current).toMatchObject({
      loading: false,
      signedIn: true,
      displayName: 'Ada Lovelace',
      email: fixtures.user.email,
    });
    await act(async () => fake.emit('SIGNED_OUT', null));
    expect(result.current).toMatchObject({ signedIn: false, displayName: 'User' });
  });
});

test('useAuthForm drives the form and navigates after sign-in', async () => {
  const { fake, rec, wrapper } = setup();
  const { result } = renderHook(() => useAuthForm({ delays: { signInRedirect: 5 } }), { wrapper });
  act(() => {
    result.current.setField('email', fixtures.credentials.email);
    result.current.setField('password', fixtures.credentials.password);
  });
  act(() => result.current.submit());
  expect(result.current.view).toMatchObject({ busyLabel: 'Signing in...', disabled: true });
  await act(async () => fake.resolve('signIn', { error: null }));
  expect(result.current.view.message).toEqual({ type: 'success', text: 'Successfully signed in!' });
  await waitFor(() => expect(rec.log.navigated).toEqual(['/welcome']));
});

test('useAuthForm stores the current path before the social sign-in', async () => {
  const { fake, rec, wrapper } = setup();
  const { result } = renderHook(() => useAuthForm(), { wrapper });
  act(() => result.current.startSocial());
  expect(rec.log.stored).toEqual([['auth_redirect', '/pricing']]);
  expect(fake.calls.at(-1)).toEqual({ method: 'signInWithProvider', args: [{ provider: 'facebook' }] });
});

test('useAuthForm calls onSuccess instead of navigating', async () => {
  const { fake, rec, wrapper } = setup();
  const onSuccess = vi.fn();
  const { result } = renderHook(() => useAuthForm({ onSuccess, delays: { signInRedirect: 5 } }), { wrapper });
  act(() => {
    result.current.setField('email', fixtures.credentials.email);
    result.current.setField('password', fixtures.credentials.password);
  });
  act(() => result.current.submit());
  await act(async () => fake.resolve('signIn', { error: null }));
  await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  expect(rec.log.navigated).toEqual([]);
});

test('useAuthCallback follows the stored path and removes it', async () => {
  const { fake, rec, wrapper } = setup({ storage: { auth_redirect: '/poster-creator' } });
  const { result } = renderHook(
    () =>
      useAuthCallback({
        brand: fixtures.brand,
        query: { code: 'abc' },
        delays: { callbackSuccessRedirect: 5 },
      }),
    { wrapper },
  );
  expect(result.current.view.title).toBe('Processing Authentication');
  await act(async () => fake.resolve('completeCallback', { session: fixtures.session, error: null }));
  expect(result.current.view).toMatchObject({
    title: 'Welcome to Pentland Cloud!',
    redirectTo: '/poster-creator',
  });
  expect(rec.storage.has('auth_redirect')).toBe(false);
  await waitFor(() => expect(rec.log.navigated).toEqual(['/poster-creator']));
});

test('useSignedInGuard follows the session and reloads after the embedded sign-in', async () => {
  const { fake, rec, wrapper } = setup();
  const { result } = renderHook(() => useSignedInGuard(), { wrapper });
  expect(result.current.view.text).toBe('Checking authentication...');
  await signIn(fake, null as never);
  expect(result.current.view).toMatchObject({ text: 'Authentication Required', showSignInForm: true });
  act(() => result.current.signInCompleted());
  expect(rec.log.reloaded).toBe(1);
});

test('useAdminGuard falls back to the configured list when is_admin fails', async () => {
  const { fake, wrapper } = setup();
  const { result } = renderHook(() => useAdminGuard(), { wrapper });
  expect(result.current.view.title).toBe('Checking permissions...');
  await signIn(fake, fixtures.sessionFor(fixtures.listedUser));
  await act(async () => fake.reject('isAdmin', new Error('Network request failed')));
  expect(result.current.view).toMatchObject({ status: 'allowed', isAdmin: true, showContent: true });
});

test('usePremium makes no call while signed out and loads when signed in', async () => {
  const { fake, rec, wrapper } = setup();
  const { result } = renderHook(() => usePremium(), { wrapper });
  await signIn(fake, null as never);
  expect(result.current).toMatchObject({ loading: false, hasPremium: false });
  expect(fake.pending('subscriptionStatus')).toBe(0);
  await act(async () => fake.emit('SIGNED_IN', fixtures.session));
  expect(result.current.loading).toBe(true);
  await act(async () => fake.reject('subscriptionStatus', new Error('boom')));
  expect(result.current).toMatchObject({
    loading: false,
    hasPremium: false,
    failed: true,
    status: { has_premium: false, subscriptions: [] },
  });
  expect(rec.log.logged).toEqual(['Failed to load subscription status']);
});

describe('a session machine loaded after the first paint', () => {
  test('pendingAuthValue reads as loading and signed out; the runner then provides the real session without remounting the tree', async () => {
    const fake = createFakeAuthService();
    const rec = createRecordingHost();
    const mounts: number[] = [];
    let seen: ReturnType<typeof useSession> | null = null;
    function Page() {
      const session = useSession();
      seen = session;
      useEffect(() => void mounts.push(1), []);
      return <p>{session.loading ? 'loading' : session.displayName}</p>;
    }
    function App({ run }: { run: boolean }) {
      const [value, setValue] = useState(() => pendingAuthValue({ service: fake.service, host: rec.host }));
      return (
        <AuthContextProvider value={value}>
          {run && <AuthSessionRunner service={fake.service} host={rec.host} onChange={setValue} />}
          <Page />
        </AuthContextProvider>
      );
    }
    const view = render(<App run={false} />);
    expect(view.container.textContent).toBe('loading');
    expect(seen).toMatchObject({ loading: true, signedIn: false, user: null });
    expect(fake.calls).toEqual([]);
    view.rerender(<App run />);
    await signIn(fake);
    expect(view.container.textContent).toBe('Ada Lovelace');
    expect(seen).toMatchObject({ loading: false, signedIn: true });
    expect(mounts).toHaveLength(1);
  });
});
