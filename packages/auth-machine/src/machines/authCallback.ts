import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  AUTH_PATH,
  AUTH_REDIRECT_KEY,
  DEFAULT_AFTER_LOGIN,
  DEFAULT_DELAYS,
  HOME_PATH,
  callbackSuccessTitle,
  messages,
} from '../messages.ts';
import { safeRedirect } from '../redirect.ts';
import type { AuthService } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthHost } from '../host.ts';
import type { AuthDelays } from '../messages.ts';

/** The query of the callback URL. */
export interface CallbackQuery {
  code?: string | null;
  error?: string | null;
  error_description?: string | null;
}

export interface AuthCallbackInput {
  /** The brand named in the success title: 'Welcome to {brand}!'. */
  brand: string;
  query: CallbackQuery;
  /** The value stored under `auth_redirect` when the callback started (read by the host). */
  storedRedirect?: string | null;
}

export interface AuthCallbackContext {
  brand: string;
  query: CallbackQuery;
  storedRedirect: string | null;
  outcome: 'success' | 'error' | null;
  message: string | null;
  redirectTo: string | null;
}

export type AuthCallbackUiEvent = { type: 'retry' } | { type: 'cancel' };
export type AuthCallbackServiceEvent =
  | { type: 'session.present' }
  | { type: 'session.absent' }
  | { type: 'session.failed'; message?: string }
  | { type: 'session.threw' }
  | { type: 'user.present' }
  | { type: 'user.absent' }
  | { type: 'user.threw' };
export type AuthCallbackTimerEvent =
  | { type: 'timer.pendingSessionWait' }
  | { type: 'timer.callbackSuccessRedirect' }
  | { type: 'timer.callbackErrorRedirect' };
export type AuthCallbackEvent = AuthCallbackUiEvent | AuthCallbackServiceEvent | AuthCallbackTimerEvent;

const callbackSetup = /* @__PURE__ */ setup({
  types: {
    context: {} as AuthCallbackContext,
    events: {} as AuthCallbackEvent,
    input: {} as AuthCallbackInput,
  },
  actors: {
    completeCallback: notProvided<AuthCallbackServiceEvent, { code: string }>('completeCallback'),
    checkUser: notProvided<AuthCallbackServiceEvent>('checkUser'),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    removeStoredValue: (_, _params: { key: string }) => {},
    fail: assign((_, params: { text: string }) => ({
      outcome: 'error' as const,
      message: params.text,
      redirectTo: AUTH_PATH,
    })),
    succeed: assign((_, params: { text: string; to: string }) => ({
      outcome: 'success' as const,
      message: params.text,
      redirectTo: params.to,
    })),
  },
  guards: {
    queryHasError: ({ context }) => Boolean(context.query.error || context.query.error_description),
    noCode: ({ context }) => !context.query.code,
  },
  delays: {
    pendingSessionWait: DEFAULT_DELAYS.pendingSessionWait,
    callbackSuccessRedirect: DEFAULT_DELAYS.callbackSuccessRedirect,
    callbackErrorRedirect: DEFAULT_DELAYS.callbackErrorRedirect,
  },
});

function authCallbackConfig(variant: Variant) {
  return callbackSetup.createMachine({
    id: 'authCallback',
    context: ({ input }) => ({
      brand: input.brand,
      query: input.query,
      storedRedirect: input.storedRedirect ?? null,
      outcome: null,
      message: null,
      redirectTo: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        initial: 'readingQuery',
        states: {
          readingQuery: {
            always: [
              {
                guard: 'queryHasError',
                target: '#authCallback.error',
                actions: {
                  type: 'fail',
                  params: ({ context }) => ({
                    text:
                      context.query.error_description || context.query.error || messages.authenticationFailed,
                  }),
                },
              },
              {
                guard: 'noCode',
                target: '#authCallback.error',
                actions: { type: 'fail', params: { text: messages.noAuthorizationCode } },
              },
              { target: 'fetchingSession' },
            ],
          },
          fetchingSession: {
            ...runtimeOnly(variant, {
              invoke: {
                src: 'completeCallback',
                input: ({ context }: { context: AuthCallbackContext }) => ({
                  code: context.query.code ?? '',
                }),
                onDone: { actions: raise(({ event }) => event.output) },
                onError: { actions: raise({ type: 'session.threw' }) },
              },
            }),
            on: {
              'session.present': {
                target: '#authCallback.success',
                actions: [
                  {
                    type: 'succeed',
                    params: ({ context }) => ({
                      text: messages.socialSignedIn,
                      to: safeRedirect(context.storedRedirect),
                    }),
                  },
                  { type: 'removeStoredValue', params: { key: AUTH_REDIRECT_KEY } },
                ],
              },
              'session.absent': { target: 'waitingForSession' },
              'session.failed': {
                target: '#authCallback.error',
                actions: { type: 'fail', params: { text: messages.sessionFailed } },
              },
              'session.threw': {
                target: '#authCallback.error',
                actions: { type: 'fail', params: { text: messages.authenticationFailed } },
              },
            },
          },
          waitingForSession: {
            ...runtimeOnly(variant, {
              after: { pendingSessionWait: { actions: raise({ type: 'timer.pendingSessionWait' }) } },
            }),
            on: { 'timer.pendingSessionWait': { target: 'checkingUser' } },
          },
          checkingUser: {
            ...runtimeOnly(variant, {
              invoke: {
                src: 'checkUser',
                onDone: { actions: raise(({ event }) => event.output) },
                onError: { actions: raise({ type: 'user.threw' }) },
              },
            }),
            on: {
              'user.present': {
                target: '#authCallback.success',
                actions: { type: 'succeed', params: { text: messages.signedIn, to: DEFAULT_AFTER_LOGIN } },
              },
              'user.absent': {
                target: '#authCallback.error',
                actions: { type: 'fail', params: { text: messages.authenticationIncomplete } },
              },
              'user.threw': {
                target: '#authCallback.error',
                actions: { type: 'fail', params: { text: messages.authenticationFailed } },
              },
            },
          },
        },
      },
      success: {
        ...runtimeOnly(variant, {
          after: { callbackSuccessRedirect: { actions: raise({ type: 'timer.callbackSuccessRedirect' }) } },
        }),
        on: {
          'timer.callbackSuccessRedirect': {
            target: 'redirected',
            actions: {
              type: 'navigate',
              params: ({ context }) => ({ to: context.redirectTo ?? DEFAULT_AFTER_LOGIN }),
            },
          },
        },
      },
      error: {
        ...runtimeOnly(variant, {
          after: { callbackErrorRedirect: { actions: raise({ type: 'timer.callbackErrorRedirect' }) } },
        }),
        on: {
          'timer.callbackErrorRedirect': {
            target: 'redirected',
            actions: { type: 'navigate', params: { to: AUTH_PATH } },
          },
          retry: { target: 'redirected', actions: { type: 'navigate', params: { to: AUTH_PATH } } },
          cancel: { target: 'redirected', actions: { type: 'navigate', params: { to: HOME_PATH } } },
        },
      },
      redirected: { type: 'final' },
    },
  });
}

/** The decisions of the OAuth callback (exchange the code, or report the provider's error), without effects. */
export const authCallbackLogic = /* @__PURE__ */ authCallbackConfig('logic');
/** The callback as the app runs it: invokes the service and owns the three callback delays. */
export const authCallbackMachine = /* @__PURE__ */ authCallbackConfig('runtime');

export type AuthCallbackSnapshot =
  SnapshotFrom<typeof authCallbackMachine> | SnapshotFrom<typeof authCallbackLogic>;

/** The service actors of the callback, over an `AuthService`. */
export const authCallbackActors = (service: AuthService) => ({
  completeCallback: fromPromise<AuthCallbackServiceEvent, { code: string }>(async ({ input }) => {
    const { session, error } = await service.completeCallback(input);
    if (error) return { type: 'session.failed', message: error.message };
    return session ? { type: 'session.present' } : { type: 'session.absent' };
  }),
  checkUser: fromPromise<AuthCallbackServiceEvent, void>(async () => {
    const { user } = await service.getUser();
    return user ? { type: 'user.present' } : { type: 'user.absent' };
  }),
});

export type AuthCallbackStatus = 'loading' | 'success' | 'error';

export interface AuthCallbackView {
  status: AuthCallbackStatus;
  /** 'Processing Authentication', 'Welcome to {brand}!' or 'Authentication Failed'. */
  title: string;
  /** The success or error text (null while loading). */
  message: string | null;
  /** Where the pending timer will navigate (null while loading). */
  redirectTo: string | null;
  /** The named delay before that navigation. */
  redirectDelay: 'callbackSuccessRedirect' | 'callbackErrorRedirect' | null;
  /** Try Again and Cancel are offered on error. */
  showActions: boolean;
  tryAgainLabel: string;
  cancelLabel: string;
}

export function authCallbackView(snapshot: AuthCallbackSnapshot): AuthCallbackView {
  const { context } = snapshot;
  const status: AuthCallbackStatus = snapshot.matches('loading') ? 'loading' : (context.outcome ?? 'loading');
  const title =
    status === 'success'
      ? callbackSuccessTitle(context.brand)
      : status === 'error'
        ? messages.callbackErrorTitle
        : messages.callbackLoadingTitle;
  return {
    status,
    title,
    message: status === 'loading' ? null : context.message,
    redirectTo: status === 'loading' ? null : context.redirectTo,
    redirectDelay: snapshot.matches('success')
      ? 'callbackSuccessRedirect'
      : snapshot.matches('error')
        ? 'callbackErrorRedirect'
        : null,
    showActions: status === 'error',
    tryAgainLabel: messages.tryAgain,
    cancelLabel: messages.cancel,
  };
}

/** The OAuth callback wired to a service and a host. Input: `{ brand, query, storedRedirect }`. */
export function createAuthCallbackMachine(options: {
  service: AuthService;
  host: AuthHost;
  delays?: Partial<
    Pick<AuthDelays, 'callbackSuccessRedirect' | 'callbackErrorRedirect' | 'pendingSessionWait'>
  >;
}) {
  const { service, host, delays } = options;
  return authCallbackMachine.provide({
    actors: authCallbackActors(service),
    actions: {
      navigate: (_, params) => host.navigate(params.to),
      removeStoredValue: (_, params) => host.storage.removeItem(params.key),
    },
    delays: { ...delays },
  });
}
