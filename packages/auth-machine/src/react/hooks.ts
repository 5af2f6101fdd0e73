import { useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { createActor } from 'xstate';
import {
  createAdminGuardMachine,
  createAuthCallbackMachine,
  createAuthFormMachine,
  createPasswordUpdateMachine,
  createPremiumMachine,
  createSignedInGuardMachine,
  readStoredRedirect,
  type AuthDelays,
} from '../create.js';
import { adminGuardView, type AdminGuardView } from '../machines/adminGuard.js';
import { authCallbackView, type AuthCallbackView, type CallbackQuery } from '../machines/authCallback.js';
import { authFormView, type AuthFormEvent, type AuthFormView } from '../machines/authForm.js';
import {
  passwordUpdateView,
  type PasswordField,
  type PasswordUpdateView,
} from '../machines/passwordUpdate.js';
import { NO_PREMIUM, premiumView, type PremiumView } from '../machines/premium.js';
import type { SessionView } from '../machines/session.js';
import { signedInGuardView, type SignedInGuardView } from '../machines/signedInGuard.js';
import type { SocialProvider } from '../types.js';
import type { AuthField, AuthMode } from '../validation.js';
import { useAuth } from './AuthProvider.js';

export interface UseAuthFormOptions {
  mode?: AuthMode;
  provider?: SocialProvider;
  /** Called 1 s after a successful sign-in instead of navigating to /welcome. */
  onSuccess?: () => void;
  delays?: Partial<Pick<AuthDelays, 'signInRedirect'>>;
}

export interface UseAuthFormResult {
  view: AuthFormView;
  send: (event: AuthFormEvent) => void;
  setField: (field: AuthField, value: string) => void;
  switchMode: (mode: AuthMode) => void;
  togglePassword: () => void;
  submit: () => void;
  startSocial: () => void;
}

/** The auth form over the provider's service and host. Render `view`; call the senders. */
export function useAuthForm(options: UseAuthFormOptions = {}): UseAuthFormResult {
  const { service, host } = useAuth();
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;
  const [machine] = useState(() =>
    createAuthFormMachine({ service, host, onSignedIn: () => onSuccess.current?.(), delays: options.delays }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { mode: options.mode, provider: options.provider, hasSuccessCallback: Boolean(options.onSuccess) },
  });
  return useMemo(
    () => ({
      view: authFormView(snapshot),
      send,
      setField: (field: AuthField, value: string) => send({ type: 'field.change', field, value }),
      switchMode: (mode: AuthMode) => send({ type: 'mode.switch', mode }),
      togglePassword: () => send({ type: 'password.toggle' }),
      submit: () => send({ type: 'form.submit' }),
      startSocial: () => send({ type: 'social.start', returnTo: host.currentPath() }),
    }),
    [snapshot, send, host],
  );
}

/** Reads `code`, `error` and `error_description` from a query string. */
export function parseCallbackQuery(search: string): CallbackQuery {
  const params = new URLSearchParams(search);
  return { code: params.get('code'), error: params.get('error'), error_description: params.get('error_description') };
}

export interface UseAuthCallbackOptions {
  /** The brand in 'Welcome to {brand}!' (the web app passes its site data). */
  brand: string;
  /** Defaults to the query of `window.location`. */
  query?: CallbackQuery;
  delays?: Partial<Pick<AuthDelays, 'callbackSuccessRedirect' | 'callbackErrorRedirect' | 'pendingSessionWait'>>;
}

export function useAuthCallback(options: UseAuthCallbackOptions): {
  view: AuthCallbackView;
  retry: () => void;
  cancel: () => void;
} {
  const { service, host } = useAuth();
  const [machine] = useState(() => createAuthCallbackMachine({ service, host, delays: options.delays }));
  const [input] = useState(() => ({
    brand: options.brand,
    query: options.query ?? parseCallbackQuery(typeof window === 'undefined' ? '' : window.location.search),
    storedRedirect: readStoredRedirect(host),
  }));
  const [snapshot, send] = useMachine(machine, { input });
  return useMemo(
    () => ({ view: authCallbackView(snapshot), retry: () => send({ type: 'retry' }), cancel: () => send({ type: 'cancel' }) }),
    [snapshot, send],
  );
}

/** The auth context: user, session, loading, display name. */
export function useSession(): SessionView & { signOut: () => void } {
  const { service: _service, host: _host, adminEmails: _adminEmails, ...session } = useAuth();
  return session;
}

export function useSignedInGuard(options: { hasFallback?: boolean } = {}): {
  view: SignedInGuardView;
  /** Pass as the embedded sign-in form's `onSuccess`: the page reloads. */
  signInCompleted: () => void;
} {
  const { host, loading, signedIn } = useAuth();
  const [machine] = useState(() => createSignedInGuardMachine({ host }));
  const [snapshot, send] = useMachine(machine, { input: { hasFallback: options.hasFallback } });
  useEffect(() => send({ type: 'session.changed', loading, signedIn }), [send, loading, signedIn]);
  return useMemo(
    () => ({ view: signedInGuardView(snapshot), signInCompleted: () => send({ type: 'signIn.completed' }) }),
    [snapshot, send],
  );
}

export function useAdminGuard(): { view: AdminGuardView; goHome: () => void } {
  const { service, host, adminEmails, loading, user } = useAuth();
  const [machine] = useState(() => createAdminGuardMachine({ service, host }));
  const [snapshot, send] = useMachine(machine, { input: { adminEmails } });
  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(
    () => send({ type: 'session.changed', loading, user: userId ? { id: userId, email } : null }),
    [send, loading, userId, email],
  );
  return useMemo(() => ({ view: adminGuardView(snapshot), goHome: () => send({ type: 'home' }) }), [snapshot, send]);
}

/** For menus: whether the signed-in user is an administrator (same decision as the admin guard). */
export function useIsAdmin(): { isAdmin: boolean; loading: boolean } {
  const { view } = useAdminGuard();
  return { isAdmin: view.isAdmin, loading: view.loading };
}

const signedOutPremium: PremiumView = { loading: false, hasPremium: false, status: NO_PREMIUM, failed: false };

/** The signed-in user's subscription status; signed out means no premium (no call is made). */
export function usePremium(): PremiumView & { refresh: () => void } {
  const { service, host, user, loading: sessionLoading } = useAuth();
  const userId = user?.id ?? null;
  const [state, setState] = useState<{ userId: string; view: PremiumView; refresh: () => void } | null>(null);
  useEffect(() => {
    if (!userId) return;
    // One lookup actor per signed-in user; signing out or switching user stops it.
    const actor = createActor(createPremiumMachine({ service, host })).start();
    const refresh = () => actor.send({ type: 'refresh' });
    const publish = () => setState({ userId, view: premiumView(actor.getSnapshot()), refresh });
    publish();
    const subscription = actor.subscribe(publish);
    return () => {
      subscription.unsubscribe();
      actor.stop();
    };
  }, [service, host, userId]);
  return useMemo(() => {
    if (userId && state?.userId === userId) return { ...state.view, refresh: state.refresh };
    // Signed out means no premium; while a user's first answer is pending it is loading.
    return { ...signedOutPremium, loading: sessionLoading || Boolean(userId), refresh: () => {} };
  }, [state, userId, sessionLoading]);
}

export interface UsePasswordUpdateResult {
  view: PasswordUpdateView;
  setField: (field: PasswordField, value: string) => void;
  togglePassword: () => void;
  submit: () => void;
}

/** The reset-password page over the provider's service and host. */
export function usePasswordUpdate(
  options: { delays?: Partial<Pick<AuthDelays, 'passwordUpdatedRedirect'>> } = {},
): UsePasswordUpdateResult {
  const { service, host } = useAuth();
  const [machine] = useState(() => createPasswordUpdateMachine({ service, host, delays: options.delays }));
  const [snapshot, send] = useMachine(machine);
  return useMemo(
    () => ({
      view: passwordUpdateView(snapshot),
      setField: (field: PasswordField, value: string) => send({ type: 'field.change', field, value }),
      togglePassword: () => send({ type: 'password.toggle' }),
      submit: () => send({ type: 'form.submit' }),
    }),
    [snapshot, send],
  );
}
