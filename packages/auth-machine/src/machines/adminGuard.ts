import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { HOME_PATH, messages } from '../messages.ts';
import type { AuthService } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthHost } from '../host.ts';

export interface GuardUser {
  id: string;
  email: string | null;
}

export interface AdminGuardInput {
  /** Administrator e-mails that decide when the is_admin call fails (from configuration). */
  adminEmails: readonly string[];
  /**
   * The guard page embeds the sign-in form: a sign-in made there keeps the form (and its success message) until
   * the form's success handler sends `signIn.completed`, then the page reloads — as the signed-in guard does.
   * Off for menus, which only want the decision.
   */
  embeddedSignIn?: boolean;
}

export interface AdminGuardContext {
  adminEmails: readonly string[];
  embeddedSignIn: boolean;
  user: GuardUser | null;
  /** How the decision was reached: the backend, or the configured list after a failure. */
  decidedBy: 'service' | 'fallback' | null;
}

export type AdminGuardUiEvent =
  /** `codeRequired`: the session is aal1 and its user has a verified factor (`useAuth().codeRequired`). */
  | { type: 'session.changed'; loading: boolean; user: GuardUser | null; codeRequired?: boolean }
  | { type: 'home' }
  /** The embedded sign-in form succeeded (its success handler). */
  | { type: 'signIn.completed' };
export type AdminGuardServiceEvent =
  { type: 'admin.granted' } | { type: 'admin.refused' } | { type: 'admin.failed'; message?: string };
export type AdminGuardEvent = AdminGuardUiEvent | AdminGuardServiceEvent;

/** Case-insensitive membership of the configured administrator list. */
export const isListedAdmin = (email: string | null | undefined, adminEmails: readonly string[]): boolean => {
  const wanted = email?.trim().toLowerCase();
  return Boolean(wanted) && adminEmails.some((listed) => listed.trim().toLowerCase() === wanted);
};

const adminGuardSetup = /* @__PURE__ */ setup({
  types: {
    context: {} as AdminGuardContext,
    events: {} as AdminGuardEvent,
    input: {} as AdminGuardInput,
  },
  actors: {
    checkAdmin: notProvided<AdminGuardServiceEvent>('checkAdmin'),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    /** Host page reload (injected). */
    reload: () => {},
    setUser: assign(({ event }) =>
      event.type === 'session.changed' ? { user: event.user, decidedBy: null } : {},
    ),
    clearUser: assign({ user: null, decidedBy: null }),
    decidedBy: assign((_, params: { by: 'service' | 'fallback' }) => ({ decidedBy: params.by })),
  },
  guards: {
    sessionLoading: ({ event }) => event.type === 'session.changed' && event.loading,
    noUser: ({ event }) => event.type === 'session.changed' && !event.user,
    codeOwed: ({ event }) =>
      event.type === 'session.changed' && Boolean(event.user) && Boolean(event.codeRequired),
    sameUser: ({ context, event }) => event.type === 'session.changed' && event.user?.id === context.user?.id,
    listedAdmin: ({ context }) => isListedAdmin(context.user?.email, context.adminEmails),
    signedInOnPage: ({ context, event }) =>
      context.embeddedSignIn && event.type === 'session.changed' && !event.loading && Boolean(event.user),
  },
});

function adminGuardConfig(variant: Variant) {
  return adminGuardSetup.createMachine({
    id: 'adminGuard',
    context: ({ input }) => ({
      adminEmails: input.adminEmails,
      embeddedSignIn: input.embeddedSignIn ?? false,
      user: null,
      decidedBy: null,
    }),
    initial: 'checkingSession',
    on: {
      'session.changed': [
        { guard: 'sessionLoading', target: '.checkingSession', actions: 'clearUser' },
        { guard: 'noUser', target: '.signInRequired', actions: 'clearUser' },
        // Administrator or not, a password-only session of a user with two-step verification sees only the code
        // screen (the database refuses it administrator powers too); is_admin is asked once the code is accepted.
        { guard: 'codeOwed', target: '.codeRequired', actions: 'setUser' },
        // A token refresh for the same user keeps the decision already made.
        { guard: 'sameUser' },
        { target: '.checkingAdmin', reenter: true, actions: 'setUser' },
      ],
    },
    states: {
      checkingSession: {},
      codeRequired: {
        on: {
          // The code was accepted (or another account signed in): decide afresh.
          'session.changed': [
            { guard: 'sessionLoading', target: 'checkingSession', actions: 'clearUser' },
            { guard: 'noUser', target: 'signInRequired', actions: 'clearUser' },
            { guard: 'codeOwed', actions: 'setUser' },
            { target: 'checkingAdmin', actions: 'setUser' },
          ],
        },
      },
      signInRequired: {
        on: {
          'session.changed': { guard: 'signedInOnPage', target: 'signingIn', actions: 'setUser' },
          'signIn.completed': { target: 'reloading', actions: 'reload' },
        },
      },
      /** Signed in through the embedded form: the form stays until its success handler reports, then a reload. */
      signingIn: {
        on: {
          'session.changed': { guard: 'signedInOnPage' },
          'signIn.completed': { target: 'reloading', actions: 'reload' },
        },
      },
      reloading: {},
      checkingAdmin: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'checkAdmin',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'admin.failed' }) },
          },
        }),
        on: {
          'admin.granted': { target: 'allowed', actions: { type: 'decidedBy', params: { by: 'service' } } },
          'admin.refused': { target: 'denied', actions: { type: 'decidedBy', params: { by: 'service' } } },
          'admin.failed': [
            {
              guard: 'listedAdmin',
              target: 'allowed',
              actions: { type: 'decidedBy', params: { by: 'fallback' } },
            },
            { target: 'denied', actions: { type: 'decidedBy', params: { by: 'fallback' } } },
          ],
        },
      },
      allowed: {},
      denied: {
        on: { home: { target: 'leaving', actions: { type: 'navigate', params: { to: HOME_PATH } } } },
      },
      leaving: {},
    },
  });
}

/** The admin guard's decisions, without effects. */
export const adminGuardLogic = /* @__PURE__ */ adminGuardConfig('logic');
/** The admin guard as apps run it: calls is_admin when a user is present. */
export const adminGuardMachine = /* @__PURE__ */ adminGuardConfig('runtime');

export type AdminGuardSnapshot =
  SnapshotFrom<typeof adminGuardMachine> | SnapshotFrom<typeof adminGuardLogic>;

export const adminGuardActors = (service: AuthService) => ({
  checkAdmin: fromPromise<AdminGuardServiceEvent, void>(async () =>
    (await service.isAdmin()) ? { type: 'admin.granted' } : { type: 'admin.refused' },
  ),
});

export type AdminGuardStatus =
  | 'checkingSession'
  | 'codeRequired'
  | 'signInRequired'
  | 'signingIn'
  | 'reloading'
  | 'checkingAdmin'
  | 'allowed'
  | 'denied'
  | 'leaving';

export interface AdminGuardView {
  status: AdminGuardStatus;
  /** Still deciding: 'Checking permissions...' is shown. */
  loading: boolean;
  isAdmin: boolean;
  /** 'Checking permissions...', 'Admin Access Required' or 'Access Denied'; null when content shows. */
  title: string | null;
  /** Lines under 'Access Denied': the privileges text, the signed-in e-mail, the contact text. */
  deniedText: string | null;
  email: string | null;
  contactText: string | null;
  homeLabel: string | null;
  showContent: boolean;
  showSignInForm: boolean;
  /** Show only the authenticator-code screen (verify, or sign out). */
  showCodeForm: boolean;
}

export function adminGuardView(snapshot: AdminGuardSnapshot): AdminGuardView {
  const status = snapshot.value as AdminGuardStatus;
  const denied = status === 'denied' || status === 'leaving';
  const signInPage = status === 'signInRequired' || status === 'signingIn' || status === 'reloading';
  return {
    status,
    loading: status === 'checkingSession' || status === 'checkingAdmin',
    isAdmin: status === 'allowed',
    title:
      status === 'checkingSession' || status === 'checkingAdmin'
        ? messages.checkingPermissions
        : signInPage
          ? messages.adminAccessRequired
          : denied
            ? messages.accessDenied
            : null,
    deniedText: denied ? messages.noAdminPrivileges : null,
    email: denied ? (snapshot.context.user?.email ?? null) : null,
    contactText: denied ? messages.contactAdministrator : null,
    homeLabel: denied ? messages.returnToHomepage : null,
    showContent: status === 'allowed',
    showSignInForm: signInPage,
    showCodeForm: status === 'codeRequired',
  };
}

/** The admin guard wired to a service and a host. Input: `{ adminEmails, embeddedSignIn? }`. */
export function createAdminGuardMachine(options: { service: AuthService; host: AuthHost }) {
  return adminGuardMachine.provide({
    actors: adminGuardActors(options.service),
    actions: {
      navigate: (_, params) => options.host.navigate(params.to),
      reload: () => options.host.reload(),
    },
  });
}
