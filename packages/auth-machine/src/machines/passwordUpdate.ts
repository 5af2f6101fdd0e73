import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_AFTER_LOGIN,
  DEFAULT_DELAYS,
  MIN_PASSWORD_LENGTH,
  messages,
  passwordUpdateMessages,
} from '../messages.ts';
import type { AuthResult, AuthService } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthMessage } from './authForm.ts';
import type { AuthHost } from '../host.ts';
import type { AuthDelays } from '../messages.ts';

/**
 * The reset-password page (/auth/reset-password): the recovery link signs the user in with a recovery
 * session; the page then asks for a new password twice and sets it. Without a session the link was
 * invalid or has expired, and the page says so. Opened with no link at all (nothing in its address, no session in
 * the browser: input `linkAbsent`), it says where a link comes from, without asking the service.
 */
export type PasswordField = 'password' | 'confirmPassword';

export interface PasswordUpdateContext {
  linkAbsent: boolean;
  fields: Record<PasswordField, string>;
  message: AuthMessage | null;
  passwordVisible: boolean;
}

export type PasswordUpdateUiEvent =
  | { type: 'field.change'; field: PasswordField; value: string }
  | { type: 'password.toggle' }
  | { type: 'form.submit' };

export type PasswordUpdateServiceEvent =
  | { type: 'recovery.found' }
  | { type: 'recovery.missing' }
  | { type: 'update.succeeded' }
  | { type: 'update.failed'; message: string }
  | { type: 'update.threw' };

export type PasswordUpdateTimerEvent = { type: 'timer.passwordUpdatedRedirect' };

export type PasswordUpdateEvent =
  PasswordUpdateUiEvent | PasswordUpdateServiceEvent | PasswordUpdateTimerEvent;

const emptyPasswordFields: Record<PasswordField, string> = { password: '', confirmPassword: '' };

export interface PasswordUpdateInput {
  /** The page's address carries no recovery link and the browser holds no session (see `carriesAuthRedirect`). */
  linkAbsent?: boolean;
}

const passwordUpdateSetup = /* @__PURE__ */ setup({
  types: {
    context: {} as PasswordUpdateContext,
    events: {} as PasswordUpdateEvent,
    input: {} as PasswordUpdateInput | undefined,
  },
  actors: {
    checkRecovery: notProvided<PasswordUpdateServiceEvent>('checkRecovery'),
    updatePassword: notProvided<PasswordUpdateServiceEvent, { password: string }>('updatePassword'),
  },
  actions: {
    /** Host navigation (injected). */
    navigate: (_, _params: { to: string }) => {},
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { fields: { ...context.fields, [event.field]: event.value } } : {},
    ),
    togglePassword: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    clearFields: assign({ fields: () => ({ ...emptyPasswordFields }) }),
    clearMessage: assign({ message: null }),
    showError: assign((_, params: { text: string }) => ({
      message: { type: 'error' as const, text: params.text },
    })),
    showSuccess: assign((_, params: { text: string }) => ({
      message: { type: 'success' as const, text: params.text },
    })),
  },
  guards: {
    linkAbsent: ({ context }) => context.linkAbsent,
    tooShort: ({ context }) => context.fields.password.length < MIN_PASSWORD_LENGTH,
    differ: ({ context }) => context.fields.password !== context.fields.confirmPassword,
  },
  delays: { passwordUpdatedRedirect: DEFAULT_DELAYS.passwordUpdatedRedirect },
});

function passwordUpdateConfig(variant: Variant) {
  return passwordUpdateSetup.createMachine({
    id: 'passwordUpdate',
    context: ({ input }) => ({
      linkAbsent: input?.linkAbsent === true,
      fields: { ...emptyPasswordFields },
      message: null,
      passwordVisible: false,
    }),
    initial: 'starting',
    states: {
      starting: { always: [{ guard: 'linkAbsent', target: 'noLink' }, { target: 'checking' }] },
      noLink: { type: 'final' },
      checking: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'checkRecovery',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'recovery.missing' }) },
          },
        }),
        on: {
          'recovery.found': 'editing',
          'recovery.missing': {
            target: 'linkInvalid',
            actions: { type: 'showError', params: { text: passwordUpdateMessages.linkInvalid } },
          },
        },
      },
      linkInvalid: { type: 'final' },
      editing: {
        on: {
          'field.change': { actions: 'setField' },
          'password.toggle': { actions: 'togglePassword' },
          'form.submit': [
            {
              guard: 'tooShort',
              actions: { type: 'showError', params: { text: messages.passwordTooShort } },
            },
            {
              guard: 'differ',
              actions: { type: 'showError', params: { text: messages.passwordsDoNotMatch } },
            },
            { target: 'updating', actions: 'clearMessage' },
          ],
        },
      },
      updating: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'updatePassword',
            input: ({ context }: { context: PasswordUpdateContext }) => ({
              password: context.fields.password,
            }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'update.threw' }) },
          },
        }),
        on: {
          'update.succeeded': {
            target: 'updated',
            actions: [
              'clearFields',
              { type: 'showSuccess', params: { text: passwordUpdateMessages.updated } },
            ],
          },
          'update.failed': {
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ text: event.message }) },
          },
          'update.threw': {
            target: 'editing',
            actions: { type: 'showError', params: { text: messages.unexpectedError } },
          },
        },
      },
      updated: {
        ...runtimeOnly(variant, {
          after: { passwordUpdatedRedirect: { actions: raise({ type: 'timer.passwordUpdatedRedirect' }) } },
        }),
        on: {
          'timer.passwordUpdatedRedirect': {
            target: 'done',
            actions: { type: 'navigate', params: { to: DEFAULT_AFTER_LOGIN } },
          },
        },
      },
      done: { type: 'final' },
    },
  });
}

/** The decisions of the reset-password page, without effects (what `xstate/graph` traverses). */
export const passwordUpdateLogic = /* @__PURE__ */ passwordUpdateConfig('logic');
/** The reset-password page as the UI runs it: checks the recovery session, updates, redirects after 2 s. */
export const passwordUpdateMachine = /* @__PURE__ */ passwordUpdateConfig('runtime');

export type PasswordUpdateSnapshot =
  SnapshotFrom<typeof passwordUpdateMachine> | SnapshotFrom<typeof passwordUpdateLogic>;

const updateOutcome = (result: AuthResult): PasswordUpdateServiceEvent =>
  result.error ? { type: 'update.failed', message: result.error.message } : { type: 'update.succeeded' };

/** The service actors of the reset-password page, over an `AuthService`. */
export const passwordUpdateActors = (service: AuthService) => ({
  checkRecovery: fromPromise<PasswordUpdateServiceEvent, void>(async () => {
    const { session } = await service.getSession();
    return session ? { type: 'recovery.found' } : { type: 'recovery.missing' };
  }),
  updatePassword: fromPromise<PasswordUpdateServiceEvent, { password: string }>(async ({ input }) =>
    updateOutcome(await service.updatePassword(input)),
  ),
});

export interface PasswordUpdateView {
  status: 'checking' | 'noLink' | 'linkInvalid' | 'editing' | 'updating' | 'updated';
  fields: Record<PasswordField, string>;
  message: AuthMessage | null;
  passwordVisible: boolean;
  /** The form is shown (not while checking, not for an invalid link). */
  showForm: boolean;
  busy: boolean;
  submitLabel: string;
}

/** What a UI renders for the reset-password page. */
export function passwordUpdateView(snapshot: PasswordUpdateSnapshot): PasswordUpdateView {
  const value = snapshot.value as string;
  const status = (value === 'done' ? 'updated' : value) as PasswordUpdateView['status'];
  const busy = status === 'updating' || status === 'updated';
  return {
    status,
    fields: snapshot.context.fields,
    message: snapshot.context.message,
    passwordVisible: snapshot.context.passwordVisible,
    showForm: status === 'editing' || busy,
    busy,
    submitLabel: status === 'updating' ? passwordUpdateMessages.updating : passwordUpdateMessages.submit,
  };
}

/** The reset-password page wired to a service and a host (navigation to /welcome after the update). */
export function createPasswordUpdateMachine(options: {
  service: AuthService;
  host: AuthHost;
  delays?: Partial<Pick<AuthDelays, 'passwordUpdatedRedirect'>>;
}) {
  return passwordUpdateMachine.provide({
    actors: passwordUpdateActors(options.service),
    actions: { navigate: (_, params) => options.host.navigate(params.to) },
    delays: { ...options.delays },
  });
}
