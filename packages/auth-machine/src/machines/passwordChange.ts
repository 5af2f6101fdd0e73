import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { MIN_PASSWORD_LENGTH, messages } from '../messages.ts';
import type { AuthResult } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthMessage } from './authForm.ts';

/**
 * Changing the password of a signed-in user (the profile page): the current password, the new one twice; the
 * server decides. Hosted Supabase with "Secure password change" asks a session over a day old for the code that
 * `reauthenticate()` mails (`reauthentication_needed`): the form then sends that code and shows a field for it.
 */
export type PasswordChangeField = 'currentPassword' | 'password' | 'confirmPassword' | 'code';

export interface PasswordChangeService {
  changePassword(request: {
    currentPassword: string;
    password: string;
    nonce?: string;
  }): Promise<{ error: { message: string; code?: string } | null }>;
  /** Mails the reauthentication code (`auth.reauthenticate()`). */
  sendReauthenticationCode(): Promise<AuthResult>;
}

export const passwordChangeMessages = {
  submit: 'Change password',
  changing: 'Changing password...',
  sendingCode: 'Sending a code...',
  currentRequired: 'Enter your current password.',
  currentWrong: 'Your current password is not correct.',
  codeRequired: 'Enter the code from the e-mail we sent you.',
  codeSent: 'For your security we have e-mailed you a code. Enter it below to change your password.',
  codeInvalid: 'That code is not valid or has expired. Send a new code and try again.',
  changed: 'Your password has been changed. Your other devices have been signed out.',
  resend: 'Send a new code',
} as const;

export interface PasswordChangeContext {
  fields: Record<PasswordChangeField, string>;
  /** The server asked for the mailed code. */
  codeRequired: boolean;
  message: AuthMessage | null;
  passwordVisible: boolean;
}

type ChangeOutcome =
  { type: 'change.succeeded' } | { type: 'change.needsCode' } | { type: 'change.failed'; message: string };

export type PasswordChangeEvent =
  | { type: 'field.change'; field: PasswordChangeField; value: string }
  | { type: 'password.toggle' }
  | { type: 'form.submit' }
  | { type: 'code.resend' }
  | ChangeOutcome
  | { type: 'change.threw' }
  | { type: 'code.sent' }
  | { type: 'code.failed'; message: string };

const empty: Record<PasswordChangeField, string> = {
  currentPassword: '',
  password: '',
  confirmPassword: '',
  code: '',
};

const changeSetup = /* @__PURE__ */ setup({
  types: { context: {} as PasswordChangeContext, events: {} as PasswordChangeEvent },
  actors: {
    changePassword: notProvided<ChangeOutcome, { currentPassword: string; password: string; nonce?: string }>(
      'changePassword',
    ),
    sendCode: notProvided<{ type: 'code.sent' } | { type: 'code.failed'; message: string }>('sendCode'),
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { fields: { ...context.fields, [event.field]: event.value } } : {},
    ),
    togglePassword: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    requireCode: assign({ codeRequired: true }),
    clearCode: assign(({ context }) => ({ fields: { ...context.fields, code: '' } })),
    reset: assign({ fields: () => ({ ...empty }), codeRequired: false, passwordVisible: false }),
    clearMessage: assign({ message: null }),
    showError: assign((_, params: { text: string }) => ({
      message: { type: 'error' as const, text: params.text },
    })),
    showSuccess: assign((_, params: { text: string }) => ({
      message: { type: 'success' as const, text: params.text },
    })),
  },
  guards: {
    noCurrent: ({ context }) => context.fields.currentPassword.length === 0,
    tooShort: ({ context }) => context.fields.password.length < MIN_PASSWORD_LENGTH,
    differ: ({ context }) => context.fields.password !== context.fields.confirmPassword,
    noCode: ({ context }) => context.codeRequired && context.fields.code.trim().length === 0,
    codeRequired: ({ context }) => context.codeRequired,
  },
});

function changeConfig(variant: Variant) {
  const edit = {
    'field.change': { actions: 'setField' },
    'password.toggle': { actions: 'togglePassword' },
  } as const;
  return changeSetup.createMachine({
    id: 'passwordChange',
    context: { fields: { ...empty }, codeRequired: false, message: null, passwordVisible: false },
    initial: 'editing',
    states: {
      editing: {
        on: {
          ...edit,
          'form.submit': [
            {
              guard: 'noCurrent',
              actions: { type: 'showError', params: { text: passwordChangeMessages.currentRequired } },
            },
            {
              guard: 'tooShort',
              actions: { type: 'showError', params: { text: messages.passwordTooShort } },
            },
            {
              guard: 'differ',
              actions: { type: 'showError', params: { text: messages.passwordsDoNotMatch } },
            },
            {
              guard: 'noCode',
              actions: { type: 'showError', params: { text: passwordChangeMessages.codeRequired } },
            },
            { target: 'changing', actions: 'clearMessage' },
          ],
          'code.resend': {
            guard: 'codeRequired',
            target: 'sendingCode',
            actions: ['clearCode', 'clearMessage'],
          },
        },
      },
      changing: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'changePassword',
            input: ({ context }: { context: PasswordChangeContext }) => ({
              currentPassword: context.fields.currentPassword,
              password: context.fields.password,
              ...(context.codeRequired ? { nonce: context.fields.code.trim() } : {}),
            }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'change.threw' }) },
          },
        }),
        on: {
          'change.succeeded': {
            target: 'changed',
            actions: ['reset', { type: 'showSuccess', params: { text: passwordChangeMessages.changed } }],
          },
          'change.needsCode': { target: 'sendingCode', actions: 'requireCode' },
          'change.failed': {
            target: 'editing',
            actions: ['clearCode', { type: 'showError', params: ({ event }) => ({ text: event.message }) }],
          },
          'change.threw': {
            target: 'editing',
            actions: { type: 'showError', params: { text: messages.unexpectedError } },
          },
        },
      },
      sendingCode: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'sendCode',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'code.failed', message: messages.unexpectedError }) },
          },
        }),
        on: {
          'code.sent': {
            target: 'editing',
            actions: { type: 'showSuccess', params: { text: passwordChangeMessages.codeSent } },
          },
          'code.failed': {
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ text: event.message }) },
          },
        },
      },
      changed: {
        on: { 'field.change': { target: 'editing', actions: ['clearMessage', 'setField'] } },
      },
    },
  });
}

export const passwordChangeLogic = /* @__PURE__ */ changeConfig('logic');
export const passwordChangeMachine = /* @__PURE__ */ changeConfig('runtime');
export type PasswordChangeSnapshot =
  SnapshotFrom<typeof passwordChangeMachine> | SnapshotFrom<typeof passwordChangeLogic>;

/** The server's refusals in the page's words (GoTrue's error codes). */
export function passwordChangeOutcome(result: {
  error: { message: string; code?: string } | null;
}): ChangeOutcome {
  const { error } = result;
  if (!error) return { type: 'change.succeeded' };
  switch (error.code) {
    case 'reauthentication_needed':
      return { type: 'change.needsCode' };
    case 'current_password_required':
    case 'current_password_invalid':
      return { type: 'change.failed', message: passwordChangeMessages.currentWrong };
    case 'reauthentication_not_valid':
      return { type: 'change.failed', message: passwordChangeMessages.codeInvalid };
    default:
      return { type: 'change.failed', message: error.message };
  }
}

export const passwordChangeActors = (service: PasswordChangeService) => ({
  changePassword: fromPromise<ChangeOutcome, { currentPassword: string; password: string; nonce?: string }>(
    async ({ input }) => passwordChangeOutcome(await service.changePassword(input)),
  ),
  sendCode: fromPromise<{ type: 'code.sent' } | { type: 'code.failed'; message: string }, void>(async () => {
    const { error } = await service.sendReauthenticationCode();
    return error ? { type: 'code.failed', message: error.message } : { type: 'code.sent' };
  }),
});

export interface PasswordChangeView {
  status: 'editing' | 'changing' | 'sendingCode' | 'changed';
  fields: Record<PasswordChangeField, string>;
  codeRequired: boolean;
  message: AuthMessage | null;
  passwordVisible: boolean;
  busy: boolean;
  submitLabel: string;
}

export function passwordChangeView(snapshot: PasswordChangeSnapshot): PasswordChangeView {
  const status = snapshot.value as PasswordChangeView['status'];
  return {
    status,
    fields: snapshot.context.fields,
    codeRequired: snapshot.context.codeRequired,
    message: snapshot.context.message,
    passwordVisible: snapshot.context.passwordVisible,
    busy: status === 'changing' || status === 'sendingCode',
    submitLabel:
      status === 'changing'
        ? passwordChangeMessages.changing
        : status === 'sendingCode'
          ? passwordChangeMessages.sendingCode
          : passwordChangeMessages.submit,
  };
}

export function createPasswordChangeMachine(options: { service: PasswordChangeService }) {
  return passwordChangeMachine.provide({ actors: passwordChangeActors(options.service) });
}
