import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { adminGuardView, createAdminGuardMachine, type AdminGuardView } from '../machines/adminGuard.ts';
import {
  createSignedInGuardMachine,
  signedInGuardView,
  type SignedInGuardView,
} from '../machines/signedInGuard.ts';
import { useAuth } from './context.ts';

export function useSignedInGuard(options: { hasFallback?: boolean } = {}): {
  view: SignedInGuardView;
  /** Pass as the embedded sign-in form's `onSuccess`: the page reloads. */
  signInCompleted: () => void;
} {
  const { host, loading, signedIn, codeRequired } = useAuth();
  const [machine] = useState(() => createSignedInGuardMachine({ host }));
  const [snapshot, send] = useMachine(machine, { input: { hasFallback: options.hasFallback } });
  useEffect(
    () => send({ type: 'session.changed', loading, signedIn, codeRequired }),
    [send, loading, signedIn, codeRequired],
  );
  return useMemo(
    () => ({ view: signedInGuardView(snapshot), signInCompleted: () => send({ type: 'signIn.completed' }) }),
    [snapshot, send],
  );
}

export function useAdminGuard(options: { embeddedSignIn?: boolean } = {}): {
  view: AdminGuardView;
  goHome: () => void;
  /** Pass as the embedded sign-in form's `onSuccess` (with `embeddedSignIn`): the page reloads. */
  signInCompleted: () => void;
} {
  const { service, host, adminEmails, loading, user, codeRequired } = useAuth();
  const [machine] = useState(() => createAdminGuardMachine({ service, host }));
  const [snapshot, send] = useMachine(machine, {
    input: { adminEmails, embeddedSignIn: options.embeddedSignIn },
  });
  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(
    () =>
      send({ type: 'session.changed', loading, user: userId ? { id: userId, email } : null, codeRequired }),
    [send, loading, userId, email, codeRequired],
  );
  return useMemo(
    () => ({
      view: adminGuardView(snapshot),
      goHome: () => send({ type: 'home' }),
      signInCompleted: () => send({ type: 'signIn.completed' }),
    }),
    [snapshot, send],
  );
}

/** For menus: whether the signed-in user is an administrator (same decision as the admin guard). */
export function useIsAdmin(): { isAdmin: boolean; loading: boolean } {
  const { view } = useAdminGuard();
  return { isAdmin: view.isAdmin, loading: view.loading };
}
