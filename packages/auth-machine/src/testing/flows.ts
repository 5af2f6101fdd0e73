import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { DEFAULT_DELAYS } from '../messages.ts';
import {
  createAdminGuardMachine,
  createAuthCallbackMachine,
  createAuthFormMachine,
  createPremiumMachine,
  createSessionMachine,
  createSignedInGuardMachine,
} from '../create.ts';
import { adminGuardLogic, adminGuardMachine, adminGuardView } from '../machines/adminGuard.ts';
import { authCallbackLogic, authCallbackMachine, authCallbackView } from '../machines/authCallback.ts';
import { authFormLogic, authFormMachine, authFormView, type AuthFormSnapshot } from '../machines/authForm.ts';
import { premiumLogic, premiumMachine, premiumView } from '../machines/premium.ts';
import { SIGN_OUT_FAILED, sessionLogic, sessionMachine, sessionView } from '../machines/session.ts';
import { signedInGuardMachine, signedInGuardView } from '../machines/signedInGuard.ts';
import type { AuthChangeEvent, AuthSession } from '../types.ts';
import { authModes } from '../validation.ts';
import {
  isValidEmail,
  isValidFullName,
  isValidPassword,
  passwordsMatch,
  type AuthField,
  type AuthMode,
} from '../validation.ts';
import type { FakeAuthService } from './fakeService.ts';
import { fixtures } from './fixtures.ts';
import type { RecordingHost } from './host.ts';

export type FlowName = 'authForm' | 'authCallback' | 'session' | 'signedInGuard' | 'adminGuard' | 'premium';

/** How a model event is realised against the fake service. */
export type Settle = (fake: FakeAuthService, event: AnyEventObject) => void;

export interface Flow {
  name: FlowName;
  /** The decision machine (no invoke/after): what the test model traverses. */
  logic: AnyStateMachine;
  /** The runtime machine as exported (actors and actions not yet provided). */
  machine: AnyStateMachine;
  /** The runtime machine wired to a fake service and a recording host. */
  create(fake: FakeAuthService, host: RecordingHost): AnyStateMachine;
  /** Named inputs; the model is traversed once per input. */
  inputs: Record<string, unknown>;
  view(snapshot: AnyMachineSnapshot): Record<string, unknown>;
  /** The events the model offers (only those a state accepts are used). */
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /** Coarser vertex key for large context spaces (the auth form's field values). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Service outcome events and how to produce them with the fake service. */
  settle: Record<string, Settle>;
  /**
   * Shortest paths are keyed per transition unless false (the auth form's field values make that
   * too many paths; its abstract vertices already reach every transition).
   */
  perTransition?: boolean;
}

/** Timer events and the delay (ms) that produces them. */
export const timerEvents: Record<string, { delay: keyof typeof DEFAULT_DELAYS; ms: number }> =
  Object.fromEntries(
    (Object.keys(DEFAULT_DELAYS) as Array<keyof typeof DEFAULT_DELAYS>).map((delay) => [
      `timer.${delay}`,
      { delay, ms: DEFAULT_DELAYS[delay] },
    ]),
  );

export const networkError = () => new Error('Network request failed');

/** Outcome events `<prefix>.succeeded | .failed | .threw` of a call reporting `{ error }`. */
const resultOutcomes = (
  prefix: string,
  method: Parameters<FakeAuthService['resolve']>[0],
): Record<string, Settle> => ({
  [`${prefix}.succeeded`]: (fake) => fake.resolve(method, { error: null }),
  [`${prefix}.failed`]: (fake, event) => fake.resolve(method, { error: { message: String(event.message) } }),
  [`${prefix}.threw`]: (fake) => fake.reject(method, networkError()),
});

/** Field values offered by the model: one that breaks a rule, one that passes it. */
export const modelFieldValues: Record<AuthField, string[]> = {
  email: ['not-an-email', fixtures.credentials.email],
  password: ['12345', fixtures.credentials.password],
  confirmPassword: ['secret2', fixtures.credentials.password],
  fullName: ['   ', 'Ada Lovelace'],
};
const fieldsOfMode: Record<AuthMode, AuthField[]> = {
  signin: ['email', 'password'],
  signup: ['email', 'password', 'fullName', 'confirmPassword'],
  forgot: ['email'],
};

const authFormFlow: Flow = {
  name: 'authForm',
  perTransition: false,
  logic: authFormLogic,
  machine: authFormMachine,
  create: (fake, host) =>
    createAuthFormMachine({ service: fake.service, host: host.host, onSignedIn: host.onSignedIn }),
  inputs: {
    navigate: { currentPath: '/pricing' },
    callback: { hasSuccessCallback: true, currentPath: '/pricing' },
  },
  view: (s) => ({ ...authFormView(s as AuthFormSnapshot) }),
  events: (s) => [
    ...fieldsOfMode[(s as AuthFormSnapshot).context.mode].flatMap((field) =>
      modelFieldValues[field].map((value) => ({ type: 'field.change', field, value })),
    ),
    ...authModes.map((mode) => ({ type: 'mode.switch', mode })),
    { type: 'form.submit' },
    { type: 'social.start' },
    ...['signIn', 'signUp', 'reset', 'social'].flatMap((p) => [
      { type: `${p}.succeeded` },
      { type: `${p}.failed`, message: p === 'social' ? fixtures.providerError : fixtures.serviceError },
      { type: `${p}.threw` },
    ]),
    { type: 'timer.signInRedirect' },
  ],
  serializeState: (s) => {
    const { mode, fields, message, hasSuccessCallback, passwordVisible } = (s as AuthFormSnapshot).context;
    const classes = [
      isValidEmail(fields),
      isValidPassword(fields, 'signin'),
      isValidFullName(fields, 'signup'),
      passwordsMatch(fields, 'signup'),
    ];
    return JSON.stringify([
      s.value,
      mode,
      classes.map(Number).join(''),
      message,
      hasSuccessCallback,
      passwordVisible,
    ]);
  },
  settle: {
    ...resultOutcomes('signIn', 'signIn'),
    ...resultOutcomes('signUp', 'signUp'),
    ...resultOutcomes('reset', 'resetPassword'),
    ...resultOutcomes('social', 'signInWithProvider'),
  },
};

const authCallbackFlow: Flow = {
  name: 'authCallback',
  logic: authCallbackLogic,
  machine: authCallbackMachine,
  create: (fake, host) => createAuthCallbackMachine({ service: fake.service, host: host.host }),
  inputs: {
    providerError: {
      brand: fixtures.brand,
      query: { error: 'access_denied', error_description: 'User denied access' },
    },
    providerErrorCodeOnly: { brand: fixtures.brand, query: { error: 'server_error' } },
    noCode: { brand: fixtures.brand, query: {} },
    code: { brand: fixtures.brand, query: { code: 'auth-code' }, storedRedirect: null },
    codeWithRedirect: {
      brand: fixtures.brand,
      query: { code: 'auth-code' },
      storedRedirect: '/pricing?plan=premium',
    },
    codeWithForeignRedirect: {
      brand: fixtures.brand,
      query: { code: 'auth-code' },
      storedRedirect: '//evil.example/phish',
    },
  },
  view: (s) => ({ ...authCallbackView(s as never) }),
  events: () => [
    { type: 'retry' },
    { type: 'cancel' },
    { type: 'session.present' },
    { type: 'session.absent' },
    {
      type: 'session.failed',
      message: 'invalid request: both auth code and code verifier should be non-empty',
    },
    { type: 'session.threw' },
    { type: 'user.present' },
    { type: 'user.absent' },
    { type: 'user.threw' },
    { type: 'timer.pendingSessionWait' },
    { type: 'timer.callbackSuccessRedirect' },
    { type: 'timer.callbackErrorRedirect' },
  ],
  settle: {
    'session.present': (fake) => fake.resolve('completeCallback', { session: fixtures.session, error: null }),
    'session.absent': (fake) => fake.resolve('completeCallback', { session: null, error: null }),
    'session.failed': (fake, e) =>
      fake.resolve('completeCallback', { session: null, error: { message: String(e.message) } }),
    'session.threw': (fake) => fake.reject('completeCallback', networkError()),
    'user.present': (fake) => fake.resolve('getUser', { user: fixtures.user, error: null }),
    'user.absent': (fake) => fake.resolve('getUser', { user: null, error: null }),
    'user.threw': (fake) => fake.reject('getUser', networkError()),
  },
};

const authChange: Record<string, AuthChangeEvent> = {
  'auth.initialSession': 'INITIAL_SESSION',
  'auth.signedIn': 'SIGNED_IN',
  'auth.signedOut': 'SIGNED_OUT',
  'auth.tokenRefreshed': 'TOKEN_REFRESHED',
  'auth.userUpdated': 'USER_UPDATED',
  'auth.passwordRecovery': 'PASSWORD_RECOVERY',
};

const sessionFlow: Flow = {
  name: 'session',
  logic: sessionLogic,
  machine: sessionMachine,
  create: (fake) => createSessionMachine({ service: fake.service }),
  inputs: { default: undefined },
  view: (s) => ({ ...sessionView(s as never) }),
  events: () => [
    { type: 'session.loaded', session: fixtures.session },
    { type: 'session.loaded', session: null },
    { type: 'session.loadFailed', message: 'Auth session missing!' },
    { type: 'session.loadFailed' },
    ...Object.keys(authChange).flatMap((type) =>
      type === 'auth.signedOut'
        ? [{ type, session: null }]
        : [
            { type, session: fixtures.session },
            { type, session: null },
          ],
    ),
    { type: 'session.signOut' },
    { type: 'signOut.succeeded' },
    { type: 'signOut.failed', message: 'Session not found' },
    { type: 'signOut.failed', message: SIGN_OUT_FAILED },
  ],
  settle: {
    'session.loaded': (fake, e) => fake.resolve('getSession', { session: e.session ?? null, error: null }),
    // With a message the service reported an error; without one it threw.
    'session.loadFailed': (fake, e) =>
      e.message === undefined
        ? fake.reject('getSession', networkError())
        : fake.resolve('getSession', { session: null, error: { message: String(e.message) } }),
    'signOut.succeeded': (fake) => fake.resolve('signOut', { error: null }),
    // SIGN_OUT_FAILED is what the machine keeps when the call threw.
    'signOut.failed': (fake, e) =>
      e.message === SIGN_OUT_FAILED
        ? fake.reject('signOut', networkError())
        : fake.resolve('signOut', { error: { message: String(e.message) } }),
    ...Object.fromEntries(
      Object.entries(authChange).map(([type, change]) => [
        type,
        ((fake, e) =>
          fake.emit(change, (e.session as AuthSession | null | undefined) ?? null)) satisfies Settle,
      ]),
    ),
  },
};

const signedInGuardFlow: Flow = {
  name: 'signedInGuard',
  logic: signedInGuardMachine,
  machine: signedInGuardMachine,
  create: (_fake, host) => createSignedInGuardMachine({ host: host.host }),
  inputs: { signInPage: { hasFallback: false }, fallback: { hasFallback: true } },
  view: (s) => ({ ...signedInGuardView(s as never) }),
  events: () => [
    { type: 'session.changed', loading: true, signedIn: false },
    { type: 'session.changed', loading: false, signedIn: true },
    { type: 'session.changed', loading: false, signedIn: true, codeRequired: true },
    { type: 'session.changed', loading: false, signedIn: false },
    { type: 'signIn.completed' },
  ],
  settle: {},
};

const guardUser = (u: { id: string; email?: string | null }) => ({ id: u.id, email: u.email ?? null });

const adminGuardFlow: Flow = {
  name: 'adminGuard',
  logic: adminGuardLogic,
  machine: adminGuardMachine,
  create: (fake, host) => createAdminGuardMachine({ service: fake.service, host: host.host }),
  inputs: {
    default: { adminEmails: fixtures.adminEmails },
    embeddedSignIn: { adminEmails: fixtures.adminEmails, embeddedSignIn: true },
  },
  view: (s) => ({ ...adminGuardView(s as never) }),
  events: () => [
    { type: 'session.changed', loading: true, user: null },
    { type: 'session.changed', loading: false, user: null },
    { type: 'session.changed', loading: false, user: guardUser(fixtures.user) },
    { type: 'session.changed', loading: false, user: guardUser(fixtures.listedUser) },
    { type: 'session.changed', loading: false, user: guardUser(fixtures.user), codeRequired: true },
    { type: 'admin.granted' },
    { type: 'admin.refused' },
    { type: 'admin.failed' },
    { type: 'home' },
    { type: 'signIn.completed' },
  ],
  settle: {
    'admin.granted': (fake) => fake.resolve('isAdmin', true),
    'admin.refused': (fake) => fake.resolve('isAdmin', false),
    'admin.failed': (fake) => fake.reject('isAdmin', networkError()),
  },
};

const premiumFlow: Flow = {
  name: 'premium',
  logic: premiumLogic,
  machine: premiumMachine,
  create: (fake, host) => createPremiumMachine({ service: fake.service, host: host.host }),
  inputs: { default: undefined },
  view: (s) => ({ ...premiumView(s as never) }),
  events: () => [
    { type: 'status.loaded', status: fixtures.premiumStatus },
    { type: 'status.failed', error: 'Network request failed' },
    { type: 'refresh' },
  ],
  settle: {
    'status.loaded': (fake, e) => fake.resolve('subscriptionStatus', e.status),
    'status.failed': (fake) => fake.reject('subscriptionStatus', networkError()),
  },
};

export const flows: Record<FlowName, Flow> = {
  authForm: authFormFlow,
  authCallback: authCallbackFlow,
  session: sessionFlow,
  signedInGuard: signedInGuardFlow,
  adminGuard: adminGuardFlow,
  premium: premiumFlow,
};

export type EventKind = 'ui' | 'service' | 'timer';

/** Whether an event is sent by the UI, produced by settling a service call, or by letting a delay elapse. */
export function eventKind(flow: Flow, event: AnyEventObject): EventKind {
  if (event.type in timerEvents) return 'timer';
  if (event.type in flow.settle) return 'service';
  return 'ui';
}
