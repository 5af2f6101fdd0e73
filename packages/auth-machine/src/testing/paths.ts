import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { AUTH_REDIRECT_KEY, messages } from '../messages.ts';
import type { EffectLog } from './host.ts';
import { emptyEffects } from './host.ts';
import { eventKind, flows, timerEvents, type EventKind, type FlowName } from './flows.ts';
import { fixtures } from './fixtures.ts';
import { startRun, type RunOptions, type StepObservation } from './runner.ts';

/** The contract after a step: a subset of the view, the effects (unlisted ones must not happen), service calls. */
export interface ExpectedStep {
  view?: Record<string, unknown>;
  effects?: Partial<EffectLog>;
  /** Service calls made in this step (method and, when given, the arguments). */
  calls?: Array<{ method: string; args?: unknown[] }>;
}

export interface PathStep {
  /** A UI event to send, a service outcome to settle, or `timer.*`: let that named delay elapse. */
  event: AnyEventObject;
  /** `ui` (a user action), `service` (the backend answers), `timer` (time passes). */
  kind: EventKind;
  /** For timer steps: the named delay and its default length. */
  wait?: { delay: string; ms: number };
  expect: ExpectedStep;
}

export interface NamedPath {
  /** A story-style name: `SignInInvalidEmail`, `CallbackErrorNoCode`. */
  name: string;
  flow: FlowName;
  input: unknown;
  options?: RunOptions;
  /** The contract right after start. */
  initial: ExpectedStep;
  steps: PathStep[];
}

const ok = { message: null, disabled: false } as const;
const error = (text: string) => ({ message: { type: 'error', text } });
const success = (text: string) => ({ message: { type: 'success', text } });
const field = (name: string, value: string) => ({ type: 'field.change', field: name, value });
const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra });
const step = (event: AnyEventObject, expect: ExpectedStep = {}) => ({ event, expect });
type DraftPath = Omit<NamedPath, 'steps'> & { steps: Array<{ event: AnyEventObject; expect: ExpectedStep }> };

const formInput = { currentPath: '/pricing' };
const { email, password } = fixtures.credentials;
const signInFilled = [step(field('email', email)), step(field('password', password))];
const signUpFilled = [
  step(ev('mode.switch', { mode: 'signup' })),
  step(field('email', email)),
  step(field('password', password)),
  step(field('fullName', '  Ada Lovelace ')),
  step(field('confirmPassword', password)),
];
const forgotFilled = [step(ev('mode.switch', { mode: 'forgot' })), step(field('email', email))];
const signInIdle = { mode: 'signin', submitLabel: 'Sign In', busyLabel: null, disabled: false };
const signingIn = {
  state: 'signingIn',
  busy: true,
  busyLabel: messages.signingIn,
  submitLabel: messages.signingIn,
  disabled: true,
};

const authFormPaths: DraftPath[] = [
  {
    name: 'SignInDefault',
    flow: 'authForm',
    input: formInput,
    initial: {
      view: {
        ...signInIdle,
        ...ok,
        state: 'editing',
        showSocial: true,
        socialLabel: 'Continue with Facebook',
        showFullName: false,
      },
    },
    steps: [],
  },
  {
    name: 'SignInPasswordVisible',
    flow: 'authForm',
    input: formInput,
    initial: { view: { passwordVisible: false } },
    steps: [
      step(ev('password.toggle'), { view: { passwordVisible: true, ...ok } }),
      step(ev('password.toggle'), { view: { passwordVisible: false } }),
    ],
  },
  {
    name: 'SignInInvalidEmail',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(field('email', 'ada.example')),
      step(ev('form.submit'), { view: { ...signInIdle, ...error(messages.invalidEmail) } }),
    ],
  },
  {
    name: 'SignInShortPassword',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(field('email', email)),
      step(field('password', '12345')),
      step(ev('form.submit'), { view: { ...signInIdle, ...error(messages.passwordTooShort) } }),
    ],
  },
  {
    name: 'SignInSubmitting',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signInFilled,
      step(ev('form.submit'), {
        view: { ...signingIn, message: null },
        calls: [{ method: 'signIn', args: [{ email, password }] }],
      }),
    ],
  },
  {
    name: 'SignInServiceError',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signInFilled,
      step(ev('form.submit')),
      step(ev('signIn.failed', { message: fixtures.serviceError }), {
        view: { ...signInIdle, ...error(fixtures.serviceError) },
      }),
    ],
  },
  {
    name: 'SignInException',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signInFilled,
      step(ev('form.submit')),
      step(ev('signIn.threw'), { view: { ...signInIdle, ...error(messages.unexpectedError) } }),
    ],
  },
  {
    name: 'SignInSuccess',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signInFilled,
      step(ev('form.submit')),
      step(ev('signIn.succeeded'), {
        view: {
          state: 'signedIn',
          ...success(messages.signedIn),
          disabled: true,
          redirect: { to: '/welcome', delay: 'signInRedirect' },
        },
      }),
      step(ev('timer.signInRedirect'), { view: { state: 'done' }, effects: { navigated: ['/welcome'] } }),
    ],
  },
  {
    name: 'SignInSuccessCallback',
    flow: 'authForm',
    input: { ...formInput, hasSuccessCallback: true },
    initial: {},
    steps: [
      ...signInFilled,
      step(ev('form.submit')),
      step(ev('signIn.succeeded'), {
        view: { ...success(messages.signedIn), redirect: { to: null, delay: 'signInRedirect' } },
      }),
      step(ev('timer.signInRedirect'), { view: { state: 'done' }, effects: { signedInCallbacks: 1 } }),
    ],
  },
  {
    name: 'SignUpMissingFullName',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(ev('mode.switch', { mode: 'signup' }), {
        view: {
          mode: 'signup',
          submitLabel: 'Create Account',
          showFullName: true,
          showConfirmPassword: true,
        },
      }),
      step(field('email', email)),
      step(field('password', password)),
      step(field('fullName', '   ')),
      step(ev('form.submit'), { view: error(messages.fullNameRequired) }),
    ],
  },
  {
    name: 'SignUpPasswordsDiffer',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signUpFilled,
      step(field('confirmPassword', 'secret2')),
      step(ev('form.submit'), { view: error(messages.passwordsDoNotMatch) }),
    ],
  },
  {
    name: 'SignUpSubmitting',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signUpFilled,
      step(ev('form.submit'), {
        view: {
          state: 'signingUp',
          busyLabel: messages.creatingAccount,
          submitLabel: messages.creatingAccount,
          disabled: true,
        },
        calls: [{ method: 'signUp', args: [{ email, password, fullName: 'Ada Lovelace' }] }],
      }),
    ],
  },
  {
    name: 'SignUpSuccess',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signUpFilled,
      step(ev('form.submit')),
      step(ev('signUp.succeeded'), {
        view: {
          state: 'editing',
          mode: 'signup',
          ...success(messages.signedUp),
          fields: { email: '', password: '', confirmPassword: '', fullName: '' },
          disabled: false,
        },
      }),
    ],
  },
  {
    name: 'SignUpServiceError',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...signUpFilled,
      step(ev('form.submit')),
      step(ev('signUp.failed', { message: 'User already registered' }), {
        view: { ...error('User already registered'), submitLabel: 'Create Account', disabled: false },
      }),
    ],
  },
  {
    name: 'ForgotInvalidEmail',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(ev('mode.switch', { mode: 'forgot' }), {
        view: { mode: 'forgot', submitLabel: 'Send Reset Email', showPassword: false, showSocial: false },
      }),
      step(ev('form.submit'), { view: error(messages.invalidEmail) }),
    ],
  },
  {
    name: 'ForgotSubmitting',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...forgotFilled,
      step(ev('form.submit'), {
        view: {
          state: 'sendingReset',
          busyLabel: messages.sendingReset,
          submitLabel: messages.sendingReset,
          disabled: true,
        },
        calls: [{ method: 'resetPassword', args: [{ email }] }],
      }),
    ],
  },
  {
    name: 'ForgotSuccess',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...forgotFilled,
      step(ev('form.submit')),
      step(ev('reset.succeeded'), { view: { ...success(messages.resetSent), disabled: false } }),
    ],
  },
  {
    name: 'ForgotException',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      ...forgotFilled,
      step(ev('form.submit')),
      step(ev('reset.threw'), { view: error(messages.unexpectedError) }),
    ],
  },
  {
    name: 'ModeSwitchClears',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(field('email', 'ada.example')),
      step(ev('form.submit'), { view: error(messages.invalidEmail) }),
      step(ev('mode.switch', { mode: 'signup' }), {
        view: {
          mode: 'signup',
          message: null,
          fields: { email: '', password: '', confirmPassword: '', fullName: '' },
        },
      }),
    ],
  },
  {
    name: 'SocialRedirecting',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(ev('social.start'), {
        view: { state: 'redirectingToProvider', disabled: true, busyLabel: messages.signingIn },
        effects: { stored: [[AUTH_REDIRECT_KEY, '/pricing']] },
        calls: [{ method: 'signInWithProvider', args: [{ provider: 'facebook' }] }],
      }),
      step(ev('social.succeeded'), {
        view: { state: 'redirected', ...success('Redirecting to Facebook...'), disabled: true },
      }),
    ],
  },
  {
    name: 'SocialFailed',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(ev('social.start'), { effects: { stored: [[AUTH_REDIRECT_KEY, '/pricing']] } }),
      step(ev('social.failed', { message: fixtures.providerError }), {
        view: {
          ...signInIdle,
          ...error(
            `Facebook sign in failed: ${fixtures.providerError}. Please try again or use email/password.`,
          ),
        },
      }),
    ],
  },
  {
    name: 'SocialException',
    flow: 'authForm',
    input: formInput,
    initial: {},
    steps: [
      step(ev('social.start'), { effects: { stored: [[AUTH_REDIRECT_KEY, '/pricing']] } }),
      step(ev('social.threw'), {
        view: { ...signInIdle, ...error('Facebook sign in failed. Please try again or use email/password.') },
      }),
    ],
  },
];

const cb = (query: Record<string, string>, storedRedirect: string | null = null) => ({
  brand: fixtures.brand,
  query,
  storedRedirect,
});
const loading = {
  status: 'loading',
  title: messages.callbackLoadingTitle,
  message: null,
  showActions: false,
};
const failed = (text: string) => ({
  status: 'error',
  title: messages.callbackErrorTitle,
  message: text,
  redirectTo: '/auth',
  redirectDelay: 'callbackErrorRedirect',
  showActions: true,
  tryAgainLabel: 'Try Again',
  cancelLabel: 'Cancel',
});
const welcome = (text: string, to: string) => ({
  status: 'success',
  title: 'Welcome to Pentland Cloud!',
  message: text,
  redirectTo: to,
  redirectDelay: 'callbackSuccessRedirect',
  showActions: false,
});
const toAuth = step(ev('timer.callbackErrorRedirect'), { effects: { navigated: ['/auth'] } });

const authCallbackPaths: DraftPath[] = [
  {
    name: 'CallbackLoading',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }),
    initial: { view: loading, calls: [{ method: 'completeCallback', args: [{ code: 'auth-code' }] }] },
    steps: [],
  },
  {
    name: 'CallbackErrorFromProvider',
    flow: 'authCallback',
    input: cb({ error: 'access_denied', error_description: 'User denied access' }),
    initial: { view: failed('User denied access'), calls: [] },
    steps: [toAuth],
  },
  {
    name: 'CallbackErrorNoCode',
    flow: 'authCallback',
    input: cb({}),
    initial: { view: failed(messages.noAuthorizationCode) },
    steps: [toAuth],
  },
  {
    name: 'CallbackSessionFailed',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }),
    initial: {},
    steps: [
      step(ev('session.failed', { message: 'invalid grant' }), { view: failed(messages.sessionFailed) }),
      toAuth,
    ],
  },
  {
    name: 'CallbackSuccessWithSession',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }, '/pricing?plan=premium'),
    initial: {},
    steps: [
      step(ev('session.present'), {
        view: welcome(messages.socialSignedIn, '/pricing?plan=premium'),
        effects: { removed: [AUTH_REDIRECT_KEY] },
      }),
      step(ev('timer.callbackSuccessRedirect'), { effects: { navigated: ['/pricing?plan=premium'] } }),
    ],
  },
  {
    name: 'CallbackSuccessForeignRedirect',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }, '//evil.example/phish'),
    initial: {},
    steps: [
      step(ev('session.present'), {
        view: welcome(messages.socialSignedIn, '/welcome'),
        effects: { removed: [AUTH_REDIRECT_KEY] },
      }),
      step(ev('timer.callbackSuccessRedirect'), { effects: { navigated: ['/welcome'] } }),
    ],
  },
  {
    name: 'CallbackPendingSessionThenUser',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }),
    initial: {},
    steps: [
      step(ev('session.absent'), { view: loading }),
      step(ev('timer.pendingSessionWait'), { view: loading, calls: [{ method: 'getUser' }] }),
      step(ev('user.present'), { view: welcome(messages.signedIn, '/welcome') }),
      step(ev('timer.callbackSuccessRedirect'), { effects: { navigated: ['/welcome'] } }),
    ],
  },
  {
    name: 'CallbackIncomplete',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }),
    initial: {},
    steps: [
      step(ev('session.absent')),
      step(ev('timer.pendingSessionWait')),
      step(ev('user.absent'), { view: failed(messages.authenticationIncomplete) }),
      toAuth,
    ],
  },
  {
    name: 'CallbackException',
    flow: 'authCallback',
    input: cb({ code: 'auth-code' }),
    initial: {},
    steps: [step(ev('session.threw'), { view: failed(messages.authenticationFailed) }), toAuth],
  },
  {
    name: 'CallbackTryAgain',
    flow: 'authCallback',
    input: cb({}),
    initial: {},
    steps: [step(ev('retry'), { effects: { navigated: ['/auth'] } })],
  },
  {
    name: 'CallbackCancel',
    flow: 'authCallback',
    input: cb({}),
    initial: {},
    steps: [step(ev('cancel'), { effects: { navigated: ['/'] } })],
  },
];

const signedOutView = { loading: false, signedIn: false, user: null, displayName: 'User' };
const adaView = { loading: false, signedIn: true, displayName: 'Ada Lovelace', email: fixtures.user.email };

const sessionPaths: DraftPath[] = [
  {
    name: 'SessionLoading',
    flow: 'session',
    input: undefined,
    initial: { view: { loading: true, user: null, session: null }, calls: [{ method: 'getSession' }] },
    steps: [],
  },
  {
    name: 'SessionSignedIn',
    flow: 'session',
    input: undefined,
    initial: {},
    steps: [step(ev('session.loaded', { session: fixtures.session }), { view: adaView })],
  },
  {
    name: 'SessionSignedOut',
    flow: 'session',
    input: undefined,
    initial: {},
    steps: [step(ev('session.loaded', { session: null }), { view: signedOutView })],
  },
  {
    name: 'SessionAuthEvents',
    flow: 'session',
    input: undefined,
    initial: {},
    steps: [
      step(ev('auth.initialSession', { session: null }), { view: signedOutView }),
      step(ev('auth.signedIn', { session: fixtures.session }), { view: adaView }),
      step(ev('auth.tokenRefreshed', { session: fixtures.session }), { view: adaView }),
      step(ev('auth.userUpdated', { session: fixtures.session }), { view: adaView }),
      step(ev('auth.signedOut', { session: null }), { view: signedOutView }),
      step(ev('auth.passwordRecovery', { session: fixtures.session }), {
        view: { ...adaView, passwordRecovery: true },
      }),
    ],
  },
  {
    name: 'SessionSignOut',
    flow: 'session',
    input: undefined,
    initial: {},
    steps: [
      step(ev('session.loaded', { session: fixtures.session })),
      step(ev('session.signOut'), {
        view: { signingOut: true, signedIn: true },
        calls: [{ method: 'signOut' }],
      }),
      step(ev('signOut.succeeded'), { view: { ...signedOutView, signingOut: false } }),
    ],
  },
];

const guardSession = (loading: boolean, signedIn: boolean) => ev('session.changed', { loading, signedIn });
const signedInGuardPaths: DraftPath[] = [
  {
    name: 'GuardChecking',
    flow: 'signedInGuard',
    input: { hasFallback: false },
    initial: { view: { status: 'checking', text: messages.checkingAuthentication, showContent: false } },
    steps: [step(guardSession(true, false), { view: { text: messages.checkingAuthentication } })],
  },
  {
    name: 'GuardAllowed',
    flow: 'signedInGuard',
    input: { hasFallback: false },
    initial: {},
    steps: [
      step(guardSession(false, true), {
        view: { status: 'allowed', text: null, showContent: true, showSignInForm: false },
      }),
    ],
  },
  {
    name: 'GuardFallback',
    flow: 'signedInGuard',
    input: { hasFallback: true },
    initial: {},
    steps: [
      step(guardSession(false, false), {
        view: { status: 'fallback', showFallback: true, showContent: false, showSignInForm: false },
      }),
    ],
  },
  {
    name: 'GuardSignInRequired',
    flow: 'signedInGuard',
    input: { hasFallback: false },
    initial: {},
    steps: [
      step(guardSession(false, false), {
        view: { status: 'signInRequired', text: messages.authenticationRequired, showSignInForm: true },
      }),
      step(ev('signIn.completed'), { effects: { reloaded: 1 } }),
    ],
  },
  {
    // A password-only session of a user with two-step verification, on any signed-in route: only the code screen;
    // the accepted code (an aal2 session) shows the page.
    name: 'GuardCodeRequired',
    flow: 'signedInGuard',
    input: { hasFallback: false },
    initial: {},
    steps: [
      step(ev('session.changed', { loading: false, signedIn: true, codeRequired: true }), {
        view: { status: 'codeRequired', showCodeForm: true, showContent: false, showSignInForm: false },
      }),
      step(ev('session.changed', { loading: false, signedIn: true, codeRequired: false }), {
        view: { status: 'allowed', showCodeForm: false, showContent: true },
      }),
    ],
  },
  {
    // Signing out from the code screen: the sign-in page.
    name: 'GuardCodeSignedOut',
    flow: 'signedInGuard',
    input: { hasFallback: false },
    initial: {},
    steps: [
      step(ev('session.changed', { loading: false, signedIn: true, codeRequired: true }), {
        view: { status: 'codeRequired', showCodeForm: true },
      }),
      step(guardSession(false, false), {
        view: { status: 'signInRequired', showCodeForm: false, showSignInForm: true, showContent: false },
      }),
    ],
  },
  {
    name: 'GuardSignedInOnPage',
    flow: 'signedInGuard',
    input: { hasFallback: false },
    initial: {},
    steps: [
      step(guardSession(false, false), { view: { status: 'signInRequired', showSignInForm: true } }),
      step(guardSession(false, true), {
        view: {
          status: 'signingIn',
          text: messages.authenticationRequired,
          showSignInForm: true,
          showContent: false,
        },
      }),
      step(ev('signIn.completed'), { view: { status: 'reloading' }, effects: { reloaded: 1 } }),
    ],
  },
];

const adminSession = (user: { id: string; email?: string | null } | null, loading = false) =>
  ev('session.changed', { loading, user: user ? { id: user.id, email: user.email ?? null } : null });
const checkingPermissions = { title: messages.checkingPermissions, loading: true, showContent: false };
const deniedView = {
  status: 'denied',
  title: messages.accessDenied,
  deniedText: messages.noAdminPrivileges,
  contactText: messages.contactAdministrator,
  homeLabel: messages.returnToHomepage,
  showContent: false,
  isAdmin: false,
};
const adminInput = { adminEmails: fixtures.adminEmails };
const adminGuardPaths: DraftPath[] = [
  {
    name: 'AdminChecking',
    flow: 'adminGuard',
    input: adminInput,
    initial: { view: checkingPermissions },
    steps: [],
  },
  {
    name: 'AdminSignInRequired',
    flow: 'adminGuard',
    input: adminInput,
    initial: {},
    steps: [
      step(adminSession(null), {
        view: { title: messages.adminAccessRequired, showSignInForm: true, showContent: false },
      }),
    ],
  },
  {
    name: 'AdminSignedInOnPage',
    flow: 'adminGuard',
    input: { ...adminInput, embeddedSignIn: true },
    initial: {},
    steps: [
      step(adminSession(null), { view: { status: 'signInRequired', showSignInForm: true } }),
      step(adminSession(fixtures.user), {
        view: {
          status: 'signingIn',
          title: messages.adminAccessRequired,
          showSignInForm: true,
          showContent: false,
        },
      }),
      step(ev('signIn.completed'), { view: { status: 'reloading' }, effects: { reloaded: 1 } }),
    ],
  },
  {
    // An administrator's password-only session with two-step verification on: the code screen, and is_admin is
    // asked only after the code.
    name: 'AdminCodeRequired',
    flow: 'adminGuard',
    input: adminInput,
    initial: {},
    steps: [
      step(
        ev('session.changed', {
          loading: false,
          user: { id: fixtures.adminUser.id, email: fixtures.adminUser.email ?? null },
          codeRequired: true,
        }),
        {
          view: {
            status: 'codeRequired',
            showCodeForm: true,
            showContent: false,
            isAdmin: false,
            loading: false,
          },
        },
      ),
      step(adminSession(fixtures.adminUser), { view: checkingPermissions, calls: [{ method: 'isAdmin' }] }),
      step(ev('admin.granted'), { view: { status: 'allowed', isAdmin: true, showContent: true } }),
    ],
  },
  {
    name: 'AdminGranted',
    flow: 'adminGuard',
    input: adminInput,
    initial: {},
    steps: [
      step(adminSession(fixtures.adminUser), { view: checkingPermissions, calls: [{ method: 'isAdmin' }] }),
      step(ev('admin.granted'), {
        view: { status: 'allowed', isAdmin: true, showContent: true, title: null },
      }),
    ],
  },
  {
    name: 'AdminDenied',
    flow: 'adminGuard',
    input: adminInput,
    initial: {},
    steps: [
      step(adminSession(fixtures.user)),
      step(ev('admin.refused'), { view: { ...deniedView, email: fixtures.user.email } }),
      step(ev('home'), { effects: { navigated: ['/'] } }),
    ],
  },
  {
    name: 'AdminFallbackListed',
    flow: 'adminGuard',
    input: adminInput,
    initial: {},
    steps: [
      step(adminSession(fixtures.listedUser)),
      step(ev('admin.failed'), { view: { status: 'allowed', isAdmin: true } }),
    ],
  },
  {
    name: 'AdminFallbackNotListed',
    flow: 'adminGuard',
    input: adminInput,
    initial: {},
    steps: [
      step(adminSession(fixtures.user)),
      step(ev('admin.failed'), { view: { ...deniedView, email: fixtures.user.email } }),
    ],
  },
];

const premiumPaths: DraftPath[] = [
  {
    name: 'PremiumLoading',
    flow: 'premium',
    input: undefined,
    initial: { view: { loading: true, hasPremium: false }, calls: [{ method: 'subscriptionStatus' }] },
    steps: [],
  },
  {
    name: 'PremiumActive',
    flow: 'premium',
    input: undefined,
    initial: {},
    steps: [
      step(ev('status.loaded', { status: fixtures.premiumStatus }), {
        view: { loading: false, hasPremium: true, status: fixtures.premiumStatus },
      }),
    ],
  },
  {
    name: 'PremiumFailed',
    flow: 'premium',
    input: undefined,
    initial: {},
    steps: [
      step(ev('status.failed', { error: 'Network request failed' }), {
        view: {
          loading: false,
          hasPremium: false,
          failed: true,
          status: { has_premium: false, subscriptions: [] },
        },
        effects: { logged: ['Failed to load subscription status'] },
      }),
    ],
  },
];

/** Named paths per flow, each step with its expected contract. */
export const namedPaths: Record<FlowName, NamedPath[]> = {
  authForm: authFormPaths.map(complete),
  authCallback: authCallbackPaths.map(complete),
  session: sessionPaths.map(complete),
  signedInGuard: signedInGuardPaths.map(complete),
  adminGuard: adminGuardPaths.map(complete),
  premium: premiumPaths.map(complete),
};

function complete(path: DraftPath): NamedPath {
  return {
    ...path,
    steps: path.steps.map(({ event, expect }) => {
      const kind = eventKind(flows[path.flow], event);
      const timer = timerEvents[event.type];
      return { event, kind, ...(timer ? { wait: { delay: timer.delay, ms: timer.ms } } : {}), expect };
    }),
  };
}

const isDeepEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Differences between an observation and its expected contract (empty when it holds). */
export function checkStep(observed: StepObservation, expected: ExpectedStep): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(expected.view ?? {})) {
    if (!isDeepEqual(observed.view[key], value)) {
      problems.push(
        `view.${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(observed.view[key])}`,
      );
    }
  }
  const effects = { ...emptyEffects(), ...expected.effects };
  for (const key of Object.keys(effects) as Array<keyof EffectLog>) {
    if (!isDeepEqual(observed.effects[key], effects[key])) {
      problems.push(
        `effects.${key}: expected ${JSON.stringify(effects[key])}, got ${JSON.stringify(observed.effects[key])}`,
      );
    }
  }
  if (expected.calls) {
    const got = observed.calls.map((c) => c.method);
    const want = expected.calls.map((c) => c.method);
    if (!isDeepEqual(got, want))
      problems.push(`calls: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    expected.calls.forEach((c, i) => {
      if (c.args && !isDeepEqual(observed.calls[i]?.args, c.args)) {
        problems.push(
          `calls[${i}].args: expected ${JSON.stringify(c.args)}, got ${JSON.stringify(observed.calls[i]?.args)}`,
        );
      }
    });
  }
  return problems;
}

/**
 * Runs a named path against the real runtime machine (fake service, simulated clock) and returns
 * one observation per step, the start first. `onStep` sees each as it happens.
 */
export async function runPath(
  path: NamedPath,
  options: { onStep?: (observation: StepObservation, index: number) => void } = {},
): Promise<StepObservation[]> {
  const run = await startRun(path.flow, path.input, path.options);
  const observations = [run.initial];
  options.onStep?.(run.initial, 0);
  try {
    for (const [index, s] of path.steps.entries()) {
      const observation = await run.step(s.event);
      observations.push(observation);
      options.onStep?.(observation, index + 1);
    }
  } finally {
    run.stop();
  }
  return observations;
}

/**
 * The view after start and after each step, computed synchronously from the decision machine
 * (equal to what `runPath` observes on the runtime machine; the tests hold both to that). Handy for
 * static story args.
 */
export function pathViews(path: NamedPath): Array<Record<string, unknown>> {
  const flow = flows[path.flow];
  const actor = createActor(flow.logic, { input: path.input } as never).start();
  const views = [flow.view(actor.getSnapshot() as AnyMachineSnapshot)];
  for (const { event } of path.steps) {
    actor.send(event);
    views.push(flow.view(actor.getSnapshot() as AnyMachineSnapshot));
  }
  actor.stop();
  return views;
}
