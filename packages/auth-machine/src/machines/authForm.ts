import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  AUTH_REDIRECT_KEY,
  DEFAULT_AFTER_LOGIN,
  DEFAULT_DELAYS,
  continueWith,
  messages,
  socialException,
  socialFailed,
  socialRedirecting,
} from '../messages.ts';
import {
  emptyFields,
  isValidEmail,
  isValidFullName,
  isValidPassword,
  passwordsMatch,
  type AuthField,
  type AuthFields,
  type AuthMode,
} from '../validation.ts';
import {
  DEFAULT_PROVIDER,
  type AuthResult,
  type AuthService,
  type SignInCredentials,
  type SignUpCredentials,
  type SocialProvider,
} from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthHost } from '../host.ts';
import type { AuthDelays } from '../messages.ts';

export interface AuthMessage {
  type: 'success' | 'error';
  text: string;
}

export interface AuthFormInput {
  mode?: AuthMode;
  /** The social provider offered by the 'Continue with' button (default Facebook). */
  provider?: SocialProvider;
  /** When true, a successful sign-in calls the `onSignedIn` action instead of navigating to /welcome. */
  hasSuccessCallback?: boolean;
  /** The path stored under `auth_redirect` before a social sign-in (an event may override it). */
  currentPath?: string;
}

export interface AuthFormContext {
  mode: AuthMode;
  fields: AuthFields;
  message: AuthMessage | null;
  provider: SocialProvider;
  hasSuccessCallback: boolean;
  currentPath: string;
  /** The show/hide toggle of the password fields. */
  passwordVisible: boolean;
}

/** Events the UI sends. */
export type AuthFormUiEvent =
  | { type: 'field.change'; field: AuthField; value: string }
  | { type: 'mode.switch'; mode: AuthMode }
  | { type: 'password.toggle' }
  | { type: 'form.submit' }
  | { type: 'social.start'; returnTo?: string };

/** Events that report a service outcome (raised by the runtime machine from its actors). */
export type AuthFormServiceEvent =
  | { type: 'signIn.succeeded' }
  | { type: 'signIn.failed'; message: string }
  | { type: 'signIn.threw' }
  | { type: 'signUp.succeeded' }
  | { type: 'signUp.failed'; message: string }
  | { type: 'signUp.threw' }
  | { type: 'reset.succeeded' }
  | { type: 'reset.failed'; message: string }
  | { type: 'reset.threw' }
  | { type: 'social.succeeded' }
  | { type: 'social.failed'; message: string }
  | { type: 'social.threw' };

/** Events that report a named delay has elapsed. */
export type AuthFormTimerEvent = { type: 'timer.signInRedirect' };

export type AuthFormEvent = AuthFormUiEvent | AuthFormServiceEvent | AuthFormTimerEvent;

const outcome = <P extends 'signIn' | 'signUp' | 'reset' | 'social'>(prefix: P, result: AuthResult) =>
  (result.error
    ? { type: `${prefix}.failed`, message: result.error.message }
    : { type: `${prefix}.succeeded` }) as AuthFormServiceEvent;

const authFormSetup = /* @__PURE__ */ setup({
  types: {
    context: {} as AuthFormContext,
    events: {} as AuthFormEvent,
    input: {} as AuthFormInput,
  },
  actors: {
    signIn: notProvided<AuthFormServiceEvent, SignInCredentials>('signIn'),
    signUp: notProvided<AuthFormServiceEvent, SignUpCredentials>('signUp'),
    resetPassword: notProvided<AuthFormServiceEvent, { email: string }>('resetPassword'),
    signInWithProvider: notProvided<AuthFormServiceEvent, { provider: string }>('signInWithProvider'),
  },
  actions: {
    /** Host navigation (injected). */
    navigate: (_, _params: { to: string }) => {},
    /** Session-storage write (injected). */
    storeValue: (_, _params: { key: string; value: string }) => {},
    /** The success callback given to the form (injected). */
    onSignedIn: () => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { fields: { ...context.fields, [event.field]: event.value } };
    }),
    switchMode: assign(({ event }) => {
      if (event.type !== 'mode.switch') return {};
      return { mode: event.mode, fields: { ...emptyFields }, message: null };
    }),
    clearFields: assign({ fields: () => ({ ...emptyFields }) }),
    togglePassword: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    clearMessage: assign({ message: null }),
    showError: assign((_, params: { text: string }) => ({
      message: { type: 'error' as const, text: params.text },
    })),
    showSuccess: assign((_, params: { text: string }) => ({
      message: { type: 'success' as const, text: params.text },
    })),
  },
  guards: {
    invalidEmail: ({ context }) => !isValidEmail(context.fields),
    invalidPassword: ({ context }) => !isValidPassword(context.fields, context.mode),
    invalidFullName: ({ context }) => !isValidFullName(context.fields, context.mode),
    passwordsDiffer: ({ context }) => !passwordsMatch(context.fields, context.mode),
    isSignIn: ({ context }) => context.mode === 'signin',
    isSignUp: ({ context }) => context.mode === 'signup',
    socialOffered: ({ context }) => context.mode !== 'forgot',
    hasSuccessCallback: ({ context }) => context.hasSuccessCallback,
  },
  delays: {
    signInRedirect: DEFAULT_DELAYS.signInRedirect,
  },
});

const failureMessage = ({ event }: { event: AuthFormEvent }) => ({
  text: 'message' in event ? event.message : messages.unexpectedError,
});
/** A reported error shows the service's message, an exception the generic text; editing resumes. */
const backToEditing = { target: 'editing', actions: { type: 'showError', params: failureMessage } } as const;

function authFormConfig(variant: Variant) {
  return authFormSetup.createMachine({
    id: 'authForm',
    context: ({ input }) => ({
      mode: input?.mode ?? 'signin',
      fields: { ...emptyFields },
      message: null,
      provider: input?.provider ?? DEFAULT_PROVIDER,
      hasSuccessCallback: input?.hasSuccessCallback ?? false,
      currentPath: input?.currentPath ?? '/auth',
      passwordVisible: false,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'field.change': { actions: 'setField' },
          'password.toggle': { actions: 'togglePassword' },
          'mode.switch': { actions: 'switchMode' },
          'form.submit': [
            {
              guard: 'invalidEmail',
              actions: { type: 'showError', params: { text: messages.invalidEmail } },
            },
            {
              guard: 'invalidPassword',
              actions: { type: 'showError', params: { text: messages.passwordTooShort } },
            },
            {
              guard: 'invalidFullName',
              actions: { type: 'showError', params: { text: messages.fullNameRequired } },
            },
            {
              guard: 'passwordsDiffer',
              actions: { type: 'showError', params: { text: messages.passwordsDoNotMatch } },
            },
            { guard: 'isSignIn', target: 'signingIn', actions: 'clearMessage' },
            { guard: 'isSignUp', target: 'signingUp', actions: 'clearMessage' },
            { target: 'sendingReset', actions: 'clearMessage' },
          ],
          'social.start': {
            guard: 'socialOffered',
            target: 'redirectingToProvider',
            actions: [
              'clearMessage',
              {
                type: 'storeValue',
                params: ({ context, event }) => ({
                  key: AUTH_REDIRECT_KEY,
                  value: event.returnTo ?? context.currentPath,
                }),
              },
            ],
          },
        },
      },
      signingIn: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'signIn',
            input: ({ context }: { context: AuthFormContext }) => ({
              email: context.fields.email,
              password: context.fields.password,
            }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'signIn.threw' }) },
          },
        }),
        on: {
          'signIn.succeeded': {
            target: 'signedIn',
            actions: { type: 'showSuccess', params: { text: messages.signedIn } },
          },
          'signIn.failed': backToEditing,
          'signIn.threw': backToEditing,
        },
      },
      signedIn: {
        ...runtimeOnly(variant, {
          after: { signInRedirect: { actions: raise({ type: 'timer.signInRedirect' }) } },
        }),
        on: {
          'timer.signInRedirect': [
            { guard: 'hasSuccessCallback', target: 'done', actions: 'onSignedIn' },
            { target: 'done', actions: { type: 'navigate', params: { to: DEFAULT_AFTER_LOGIN } } },
          ],
        },
      },
      done: { type: 'final' },
      signingUp: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'signUp',
            input: ({ context }: { context: AuthFormContext }) => ({
              email: context.fields.email,
              password: context.fields.password,
              fullName: context.fields.fullName.trim(),
            }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'signUp.threw' }) },
          },
        }),
        on: {
          'signUp.succeeded': {
            target: 'editing',
            actions: ['clearFields', { type: 'showSuccess', params: { text: messages.signedUp } }],
          },
          'signUp.failed': backToEditing,
          'signUp.threw': backToEditing,
        },
      },
      sendingReset: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'resetPassword',
            input: ({ context }: { context: AuthFormContext }) => ({ email: context.fields.email }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'reset.threw' }) },
          },
        }),
        on: {
          'reset.succeeded': {
            target: 'editing',
            actions: { type: 'showSuccess', params: { text: messages.resetSent } },
          },
          'reset.failed': backToEditing,
          'reset.threw': backToEditing,
        },
      },
      redirectingToProvider: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'signInWithProvider',
            input: ({ context }: { context: AuthFormContext }) => ({ provider: context.provider.id }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'social.threw' }) },
          },
        }),
        on: {
          'social.succeeded': {
            target: 'redirected',
            actions: {
              type: 'showSuccess',
              params: ({ context }) => ({ text: socialRedirecting(context.provider.name) }),
            },
          },
          'social.failed': {
            target: 'editing',
            actions: {
              type: 'showError',
              params: ({ context, event }) => ({ text: socialFailed(context.provider.name, event.message) }),
            },
          },
          'social.threw': {
            target: 'editing',
            actions: {
              type: 'showError',
              params: ({ context }) => ({ text: socialException(context.provider.name) }),
            },
          },
        },
      },
      /** The browser is being sent to the provider; the form stays busy. */
      redirected: {},
    },
  });
}

/** The decisions of the auth form, without effects: what `xstate/graph` traverses. */
export const authFormLogic = /* @__PURE__ */ authFormConfig('logic');
/** The auth form as the UI runs it: invokes the service actors and owns the `signInRedirect` delay. */
export const authFormMachine = /* @__PURE__ */ authFormConfig('runtime');

export type AuthFormSnapshot = SnapshotFrom<typeof authFormMachine> | SnapshotFrom<typeof authFormLogic>;
export type AuthFormState =
  | 'editing'
  | 'signingIn'
  | 'signedIn'
  | 'done'
  | 'signingUp'
  | 'sendingReset'
  | 'redirectingToProvider'
  | 'redirected';

/** The service actors of the auth form, over an `AuthService`. */
export const authFormActors = (service: AuthService) => ({
  signIn: fromPromise<AuthFormServiceEvent, SignInCredentials>(async ({ input }) =>
    outcome('signIn', await service.signIn(input)),
  ),
  signUp: fromPromise<AuthFormServiceEvent, SignUpCredentials>(async ({ input }) =>
    outcome('signUp', await service.signUp(input)),
  ),
  resetPassword: fromPromise<AuthFormServiceEvent, { email: string }>(async ({ input }) =>
    outcome('reset', await service.resetPassword(input)),
  ),
  signInWithProvider: fromPromise<AuthFormServiceEvent, { provider: string }>(async ({ input }) =>
    outcome('social', await service.signInWithProvider(input)),
  ),
});

const idleLabels: Record<AuthMode, string> = {
  signin: 'Sign In',
  signup: 'Create Account',
  forgot: 'Send Reset Email',
};
const busyLabels: Record<AuthMode, string> = {
  signin: messages.signingIn,
  signup: messages.creatingAccount,
  forgot: messages.sendingReset,
};
const busyStates: ReadonlySet<string> = new Set([
  'signingIn',
  'signingUp',
  'sendingReset',
  'redirectingToProvider',
  'redirected',
]);

/** What a UI renders for the auth form. Everything comes from the snapshot; the UI decides nothing. */
export interface AuthFormView {
  state: AuthFormState;
  mode: AuthMode;
  fields: AuthFields;
  message: AuthMessage | null;
  /** A submission (or the social redirect) is in progress. */
  busy: boolean;
  /** 'Signing in...', 'Creating account...' or 'Sending reset email...' while busy, else null. */
  busyLabel: string | null;
  /** The submit button's text: the busy label while busy, else 'Sign In' / 'Create Account' / 'Send Reset Email'. */
  submitLabel: string;
  /** Every button and input is disabled (busy, or signed in and about to leave). */
  disabled: boolean;
  showFullName: boolean;
  showPassword: boolean;
  showConfirmPassword: boolean;
  /** The password inputs show their text (type="text") instead of dots. */
  passwordVisible: boolean;
  /** The 'Continue with' button is hidden in forgot mode. */
  showSocial: boolean;
  socialLabel: string;
  providerName: string;
  /** After sign-in: where the `signInRedirect` delay leads (`to: null` means the success callback). */
  redirect: { to: string | null; delay: 'signInRedirect' } | null;
}

export function authFormView(snapshot: AuthFormSnapshot): AuthFormView {
  const state = snapshot.value as AuthFormState;
  const { mode, fields, message, provider } = snapshot.context;
  const busy = busyStates.has(state);
  const busyLabel = busy ? busyLabels[mode] : null;
  return {
    state,
    mode,
    fields,
    message,
    busy,
    busyLabel,
    submitLabel: busyLabel ?? idleLabels[mode],
    disabled: busy || state === 'signedIn' || state === 'done',
    showFullName: mode === 'signup',
    showPassword: mode !== 'forgot',
    showConfirmPassword: mode === 'signup',
    passwordVisible: snapshot.context.passwordVisible,
    showSocial: mode !== 'forgot',
    socialLabel: continueWith(provider.name),
    providerName: provider.name,
    redirect:
      state === 'signedIn'
        ? { to: snapshot.context.hasSuccessCallback ? null : DEFAULT_AFTER_LOGIN, delay: 'signInRedirect' }
        : null,
  };
}

/** The auth form wired to a service and a host. `onSignedIn` replaces the navigation to /welcome. */
export function createAuthFormMachine(options: {
  service: AuthService;
  host: AuthHost;
  onSignedIn?: () => void;
  delays?: Partial<Pick<AuthDelays, 'signInRedirect'>>;
}) {
  const { service, host, onSignedIn, delays } = options;
  return authFormMachine.provide({
    actors: authFormActors(service),
    actions: {
      navigate: (_, params) => host.navigate(params.to),
      storeValue: (_, params) => host.storage.setItem(params.key, params.value),
      onSignedIn: () => onSignedIn?.(),
    },
    delays: { ...delays },
  });
}
