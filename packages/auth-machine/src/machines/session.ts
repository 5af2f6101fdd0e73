import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { displayName } from '../displayName.ts';
import { sessionNeedsCode } from '../assurance.ts';
import type { AuthChangeEvent, AuthService, AuthSession, AuthUser } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';

export interface SessionContext {
  session: AuthSession | null;
  user: AuthUser | null;
  /** True until the first session is read. */
  loading: boolean;
  /** A PASSWORD_RECOVERY event arrived (the reset-password page may use it). */
  passwordRecovery: boolean;
  /** The last sign-out error, if any. */
  error: string | null;
}

/** The six auth events of the backend, as machine events. */
export type SessionAuthEvent =
  | { type: 'auth.initialSession'; session: AuthSession | null }
  | { type: 'auth.signedIn'; session: AuthSession | null }
  | { type: 'auth.signedOut'; session?: null }
  | { type: 'auth.tokenRefreshed'; session: AuthSession | null }
  | { type: 'auth.userUpdated'; session: AuthSession | null }
  | { type: 'auth.passwordRecovery'; session: AuthSession | null };

export type SessionServiceEvent =
  | { type: 'session.loaded'; session: AuthSession | null }
  | { type: 'session.loadFailed'; message?: string }
  | { type: 'signOut.succeeded' }
  | { type: 'signOut.failed'; message: string };

export type SessionUiEvent = { type: 'session.signOut' };
export type SessionEvent = SessionAuthEvent | SessionServiceEvent | SessionUiEvent;

const authEventTypes: Record<AuthChangeEvent, SessionAuthEvent['type']> = {
  INITIAL_SESSION: 'auth.initialSession',
  SIGNED_IN: 'auth.signedIn',
  SIGNED_OUT: 'auth.signedOut',
  TOKEN_REFRESHED: 'auth.tokenRefreshed',
  USER_UPDATED: 'auth.userUpdated',
  PASSWORD_RECOVERY: 'auth.passwordRecovery',
  // The code was accepted: the session now carries new (aal2) tokens, as after a refresh.
  MFA_CHALLENGE_VERIFIED: 'auth.tokenRefreshed',
};

/** Maps a backend auth change to the session machine's event. */
export const toSessionEvent = (event: AuthChangeEvent, session: AuthSession | null): SessionAuthEvent =>
  ({ type: authEventTypes[event], session: event === 'SIGNED_OUT' ? null : session }) as SessionAuthEvent;

/** The error kept when signing out threw. */
export const SIGN_OUT_FAILED = 'Sign out failed';

const sessionSetup = /* @__PURE__ */ setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadSession: notProvided<SessionServiceEvent>('loadSession'),
    signOut: notProvided<SessionServiceEvent>('signOut'),
    authChanges: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    setSession: assign(({ event }) => {
      const session = 'session' in event ? (event.session ?? null) : null;
      return { session, user: session?.user ?? null, loading: false, error: null };
    }),
    clearSession: assign({ session: null, user: null, loading: false, passwordRecovery: false }),
    markRecovery: assign({ passwordRecovery: true }),
    setError: assign(({ event }) => ({ error: 'message' in event ? (event.message ?? null) : null })),
  },
  guards: {
    hasSession: ({ event }) => 'session' in event && Boolean(event.session),
  },
});

const toState = (extra: 'markRecovery' | null = null) => [
  {
    guard: 'hasSession' as const,
    target: '.signedIn',
    actions: extra ? ['setSession' as const, extra] : ['setSession' as const],
  },
  { target: '.signedOut', actions: 'clearSession' as const },
];

function sessionConfig(variant: Variant) {
  return sessionSetup.createMachine({
    id: 'session',
    context: { session: null, user: null, loading: true, passwordRecovery: false, error: null },
    ...runtimeOnly(variant, { invoke: { src: 'authChanges' } }),
    initial: 'loading',
    on: {
      'auth.initialSession': toState(),
      'auth.signedIn': toState(),
      'auth.tokenRefreshed': toState(),
      'auth.userUpdated': toState(),
      'auth.passwordRecovery': toState('markRecovery'),
      'auth.signedOut': { target: '.signedOut', actions: 'clearSession' },
    },
    states: {
      loading: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'loadSession',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'session.loadFailed' }) },
          },
        }),
        on: {
          'session.loaded': [
            { guard: 'hasSession', target: 'signedIn', actions: 'setSession' },
            { target: 'signedOut', actions: 'clearSession' },
          ],
          'session.loadFailed': { target: 'signedOut', actions: 'clearSession' },
        },
      },
      signedIn: {
        on: { 'session.signOut': { target: 'signingOut' } },
      },
      signingOut: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'signOut',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'signOut.failed', message: SIGN_OUT_FAILED }) },
          },
        }),
        on: {
          'signOut.succeeded': { target: 'signedOut', actions: 'clearSession' },
          'signOut.failed': { target: 'signedIn', actions: 'setError' },
        },
      },
      signedOut: {},
    },
  });
}

/** The auth context's decisions: the first read and the six auth events. */
export const sessionLogic = /* @__PURE__ */ sessionConfig('logic');
/** The auth context as apps run it: reads the session, listens to auth changes, signs out. */
export const sessionMachine = /* @__PURE__ */ sessionConfig('runtime');

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine> | SnapshotFrom<typeof sessionLogic>;

export const sessionActors = (service: AuthService) => ({
  loadSession: fromPromise<SessionServiceEvent, void>(async () => {
    const { session, error } = await service.getSession();
    return error
      ? { type: 'session.loadFailed', message: error.message }
      : { type: 'session.loaded', session };
  }),
  signOut: fromPromise<SessionServiceEvent, void>(async () => {
    const { error } = await service.signOut();
    return error ? { type: 'signOut.failed', message: error.message } : { type: 'signOut.succeeded' };
  }),
  authChanges: fromCallback<SessionEvent>(({ sendBack }) =>
    service.onAuthStateChange((event, session) => sendBack(toSessionEvent(event, session))),
  ),
});

/** The auth context: user, session and loading, plus the display name. */
export interface SessionView {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  signedIn: boolean;
  /** Signed in with the password only, by a user who turned on two-step verification: the code is still owed. */
  codeRequired: boolean;
  signingOut: boolean;
  passwordRecovery: boolean;
  displayName: string;
  email: string | null;
}

export function sessionView(snapshot: SessionSnapshot): SessionView {
  const { user, session, loading, passwordRecovery } = snapshot.context;
  return {
    user,
    session,
    loading,
    signedIn: Boolean(session),
    codeRequired: sessionNeedsCode(session),
    signingOut: snapshot.matches('signingOut'),
    passwordRecovery,
    displayName: displayName(user),
    email: user?.email ?? null,
  };
}

/** The auth context (session) wired to a service. */
export function createSessionMachine(options: { service: AuthService }) {
  return sessionMachine.provide({ actors: sessionActors(options.service) });
}
