import { setup, type SnapshotFrom } from 'xstate';
import { messages } from '../messages.ts';
import type { AuthHost } from '../host.ts';

export interface SignedInGuardInput {
  /** The page passed a fallback to show instead of the sign-in page. */
  hasFallback?: boolean;
}

export type SignedInGuardEvent =
  /**
   * The auth context changed (send on every change, and once at start). `codeRequired`: the session is aal1 and
   * its user has a verified factor (`useAuth().codeRequired`).
   */
  | { type: 'session.changed'; loading: boolean; signedIn: boolean; codeRequired?: boolean }
  /** The embedded sign-in form succeeded. */
  | { type: 'signIn.completed' };

const signedInGuardSetup = /* @__PURE__ */ setup({
  types: {
    context: {} as { hasFallback: boolean },
    events: {} as SignedInGuardEvent,
    input: {} as SignedInGuardInput,
  },
  actions: {
    /** Host page reload (injected). */
    reload: () => {},
  },
  guards: {
    loading: ({ event }) => event.type === 'session.changed' && event.loading,
    signedIn: ({ event }) => event.type === 'session.changed' && event.signedIn,
    codeOwed: ({ event }) =>
      event.type === 'session.changed' && event.signedIn && Boolean(event.codeRequired),
    hasFallback: ({ context }) => context.hasFallback,
  },
});

/**
 * Guards a signed-in page. It has no effects besides the injected `reload`, so the same machine
 * is traversed by the tests and run by the app.
 */
export const signedInGuardMachine = /* @__PURE__ */ signedInGuardSetup.createMachine({
  id: 'signedInGuard',
  context: ({ input }) => ({ hasFallback: input?.hasFallback ?? false }),
  initial: 'checking',
  on: {
    'session.changed': [
      { guard: 'loading', target: '.checking' },
      // A password-only session of a user with two-step verification sees the code screen and nothing else; it
      // leaves it by verifying (the session becomes aal2: allowed) or by signing out (the sign-in page).
      { guard: 'codeOwed', target: '.codeRequired' },
      { guard: 'signedIn', target: '.allowed' },
      { guard: 'hasFallback', target: '.fallback' },
      { target: '.signInRequired' },
    ],
  },
  states: {
    checking: {},
    allowed: {},
    codeRequired: {},
    fallback: {},
    signInRequired: {
      on: {
        // Signed in through the embedded form: the form stays (with 'Successfully signed in!') until its success
        // handler reports, then the page reloads. Signing out again falls to the guard-wide handler.
        'session.changed': { guard: 'signedIn', target: 'signingIn' },
        'signIn.completed': { target: 'reloading', actions: 'reload' },
      },
    },
    signingIn: {
      on: {
        'session.changed': { guard: 'signedIn' },
        'signIn.completed': { target: 'reloading', actions: 'reload' },
      },
    },
    reloading: {},
  },
});
export const signedInGuardLogic = signedInGuardMachine;

export type SignedInGuardSnapshot = SnapshotFrom<typeof signedInGuardMachine>;
export type SignedInGuardStatus =
  'checking' | 'allowed' | 'codeRequired' | 'fallback' | 'signInRequired' | 'signingIn' | 'reloading';

export interface SignedInGuardView {
  status: SignedInGuardStatus;
  /** 'Checking authentication...' while checking, 'Authentication Required' on the sign-in page. */
  text: string | null;
  showContent: boolean;
  showFallback: boolean;
  /** Embed the sign-in form (its success callback sends `signIn.completed`). */
  showSignInForm: boolean;
  /** Show only the authenticator-code screen (verify, or sign out). */
  showCodeForm: boolean;
}

export function signedInGuardView(snapshot: SignedInGuardSnapshot): SignedInGuardView {
  const status = snapshot.value as SignedInGuardStatus;
  return {
    status,
    text:
      status === 'checking'
        ? messages.checkingAuthentication
        : status === 'signInRequired' || status === 'signingIn' || status === 'reloading'
          ? messages.authenticationRequired
          : null,
    showContent: status === 'allowed',
    showFallback: status === 'fallback',
    showSignInForm: status === 'signInRequired' || status === 'signingIn' || status === 'reloading',
    showCodeForm: status === 'codeRequired',
  };
}

/** The signed-in guard; after the embedded sign-in it reloads through the host. */
export function createSignedInGuardMachine(options: { host: AuthHost }) {
  return signedInGuardMachine.provide({ actions: { reload: () => options.host.reload() } });
}
