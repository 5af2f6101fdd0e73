import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { messages } from '../messages.ts';
import type { AuthError, AuthResult } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthMessage } from './authForm.ts';

/**
 * Two-factor authentication with an authenticator app (TOTP), as Supabase Auth does it: a session starts at aal1;
 * a user with a verified factor reaches aal2 by answering a challenge with the app's 6-digit code. Two flows:
 * the challenge (after signing in on /auth, and as the step-up before a sensitive change on /profile) and the
 * enrolment (a QR code and its secret, confirmed by a first code; a dropped enrolment is removed again).
 */

/** A second factor of the account. */
export interface MfaFactor {
  id: string;
  friendlyName?: string | null;
  factorType: string;
  status: string;
  createdAt?: string | null;
}

/** A TOTP factor just enrolled, not yet verified: what the app scans or the user types. */
export interface TotpEnrolment {
  factorId: string;
  /** An image URL (data:image/svg+xml…) of the QR code. */
  qrCode: string;
  secret: string;
  uri: string;
}

export interface Assurance {
  current: string | null;
  next: string | null;
  /** The verified factor a challenge would use (when `next` is aal2). */
  factorId: string | null;
}

/** The MFA calls the machines need (`auth.mfa` of supabase-js). Errors are reported; a throw is unexpected. */
export interface MfaService {
  assurance(): Promise<{ assurance: Assurance | null; error: AuthError | null }>;
  listFactors(): Promise<{ factors: MfaFactor[]; error: AuthError | null }>;
  enrolTotp(request: {
    friendlyName: string;
  }): Promise<{ enrolment: TotpEnrolment | null; error: AuthError | null }>;
  /** Challenges the factor and verifies the code in one step (the session becomes aal2). */
  verify(request: { factorId: string; code: string }): Promise<AuthResult>;
  unenrol(request: { factorId: string }): Promise<AuthResult>;
}

export const mfaMessages = {
  challengeTitle: 'Two-step verification',
  challengeText: 'Enter the 6-digit code from your authenticator app.',
  codeLabel: 'Authentication code',
  codeInvalid: 'Enter the 6-digit code from your authenticator app.',
  checking: 'Checking your sign-in...',
  verify: 'Verify',
  verifying: 'Verifying...',
  verified: 'Code accepted.',
  checkFailed: 'Your sign-in could not be checked. Please try again.',
  enrolStart: 'Set up an authenticator app',
  enrolling: 'Preparing...',
  scanText:
    'Scan the QR code with your authenticator app (or type the key into it), then enter the 6-digit code it shows.',
  enrolled: 'Two-step verification is on. You will be asked for a code when you sign in.',
  friendlyName: 'Authenticator app',
} as const;

/** A TOTP code as typed: six digits, spaces ignored. */
export const normalizeTotpCode = (code: string): string => code.replace(/\s+/g, '');
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(normalizeTotpCode(code));

type Outcome = { type: 'verify.succeeded' } | { type: 'verify.failed'; message: string };
const verifyOutcome = (result: AuthResult): Outcome =>
  result.error ? { type: 'verify.failed', message: result.error.message } : { type: 'verify.succeeded' };

// ---------------------------------------------------------------------------------------------------------------
// The challenge: checking → (not required) | entering → verifying → verified; cancel from entering.

export interface MfaChallengeContext {
  code: string;
  factorId: string | null;
  message: AuthMessage | null;
}

export type MfaChallengeEvent =
  | { type: 'code.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'challenge.required'; factorId: string }
  | { type: 'challenge.notRequired' }
  | { type: 'challenge.checkFailed' }
  | Outcome
  | { type: 'verify.threw' };

type ChallengeServiceEvent = Extract<
  MfaChallengeEvent,
  { type: 'challenge.required' | 'challenge.notRequired' | 'challenge.checkFailed' }
>;

const challengeSetup = /* @__PURE__ */ setup({
  types: { context: {} as MfaChallengeContext, events: {} as MfaChallengeEvent },
  actors: {
    checkAssurance: notProvided<ChallengeServiceEvent>('checkAssurance'),
    verifyCode: notProvided<Outcome, { factorId: string; code: string }>('verifyCode'),
  },
  actions: {
    /** The session is as strong as it needs to be (injected: continue to where the user was going). */
    completed: (_, _params: { verified: boolean }) => {},
    /** The user gave up (injected: e.g. sign out on /auth, close the step-up on /profile). */
    cancelled: () => {},
    setCode: assign(({ event }) => (event.type === 'code.change' ? { code: event.value } : {})),
    setFactor: assign(({ event }) =>
      event.type === 'challenge.required' ? { factorId: event.factorId } : {},
    ),
    clearCode: assign({ code: '' }),
    clearMessage: assign({ message: null }),
    showError: assign((_, params: { text: string }) => ({
      message: { type: 'error' as const, text: params.text },
    })),
    showSuccess: assign((_, params: { text: string }) => ({
      message: { type: 'success' as const, text: params.text },
    })),
  },
  guards: { codeMalformed: ({ context }) => !isTotpCode(context.code) },
});

function challengeConfig(variant: Variant) {
  return challengeSetup.createMachine({
    id: 'mfaChallenge',
    context: { code: '', factorId: null, message: null },
    initial: 'checking',
    states: {
      checking: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'checkAssurance',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'challenge.checkFailed' }) },
          },
        }),
        on: {
          'challenge.required': { target: 'entering', actions: 'setFactor' },
          'challenge.notRequired': {
            target: 'notRequired',
            actions: { type: 'completed', params: { verified: false } },
          },
          'challenge.checkFailed': {
            target: 'checkFailed',
            actions: { type: 'showError', params: { text: mfaMessages.checkFailed } },
          },
        },
      },
      checkFailed: {
        on: {
          retry: { target: 'checking', actions: 'clearMessage' },
          cancel: { target: 'cancelled', actions: 'cancelled' },
        },
      },
      notRequired: { type: 'final' },
      entering: {
        on: {
          'code.change': { actions: 'setCode' },
          'form.submit': [
            {
              guard: 'codeMalformed',
              actions: { type: 'showError', params: { text: mfaMessages.codeInvalid } },
            },
            { target: 'verifying', actions: 'clearMessage' },
          ],
          cancel: { target: 'cancelled', actions: 'cancelled' },
        },
      },
      verifying: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'verifyCode',
            input: ({ context }: { context: MfaChallengeContext }) => ({
              factorId: context.factorId ?? '',
              code: normalizeTotpCode(context.code),
            }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'verify.threw' }) },
          },
        }),
        on: {
          'verify.succeeded': {
            target: 'verified',
            actions: [
              { type: 'showSuccess', params: { text: mfaMessages.verified } },
              { type: 'completed', params: { verified: true } },
            ],
          },
          'verify.failed': {
            target: 'entering',
            actions: ['clearCode', { type: 'showError', params: ({ event }) => ({ text: event.message }) }],
          },
          'verify.threw': {
            target: 'entering',
            actions: { type: 'showError', params: { text: messages.unexpectedError } },
          },
        },
      },
      verified: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
}

/** The challenge's decisions without effects (what `xstate/graph` traverses). */
export const mfaChallengeLogic = /* @__PURE__ */ challengeConfig('logic');
export const mfaChallengeMachine = /* @__PURE__ */ challengeConfig('runtime');
export type MfaChallengeSnapshot =
  SnapshotFrom<typeof mfaChallengeMachine> | SnapshotFrom<typeof mfaChallengeLogic>;

export const mfaChallengeActors = (mfa: MfaService) => ({
  checkAssurance: fromPromise<ChallengeServiceEvent, void>(async () => {
    const { assurance, error } = await mfa.assurance();
    if (error || !assurance) return { type: 'challenge.checkFailed' };
    return assurance.current !== 'aal2' && assurance.next === 'aal2' && assurance.factorId
      ? { type: 'challenge.required', factorId: assurance.factorId }
      : { type: 'challenge.notRequired' };
  }),
  verifyCode: fromPromise<Outcome, { factorId: string; code: string }>(async ({ input }) =>
    verifyOutcome(await mfa.verify(input)),
  ),
});

export interface MfaChallengeView {
  status: 'checking' | 'checkFailed' | 'notRequired' | 'entering' | 'verifying' | 'verified' | 'cancelled';
  code: string;
  message: AuthMessage | null;
  /** The code form is shown. */
  showForm: boolean;
  busy: boolean;
  submitLabel: string;
}

export function mfaChallengeView(snapshot: MfaChallengeSnapshot): MfaChallengeView {
  const status = snapshot.value as MfaChallengeView['status'];
  return {
    status,
    code: snapshot.context.code,
    message: snapshot.context.message,
    showForm: status === 'entering' || status === 'verifying',
    busy: status === 'verifying' || status === 'checking',
    submitLabel: status === 'verifying' ? mfaMessages.verifying : mfaMessages.verify,
  };
}

/** The challenge over a service: `onCompleted` once the session is strong enough, `onCancelled` if given up. */
export function createMfaChallengeMachine(options: {
  mfa: MfaService;
  onCompleted?: (outcome: { verified: boolean }) => void;
  onCancelled?: () => void;
}) {
  return mfaChallengeMachine.provide({
    actors: mfaChallengeActors(options.mfa),
    actions: {
      completed: (_, params) => options.onCompleted?.(params),
      cancelled: () => options.onCancelled?.(),
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The enrolment: idle → enrolling → scanning → verifying → enrolled; cancelling a scan discards the factor.

export interface MfaEnrolContext {
  code: string;
  enrolment: TotpEnrolment | null;
  message: AuthMessage | null;
}

export type MfaEnrolEvent =
  | { type: 'enrol.start' }
  | { type: 'code.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'cancel' }
  | { type: 'enrol.ready'; enrolment: TotpEnrolment }
  | { type: 'enrol.failed'; message: string }
  | { type: 'enrol.threw' }
  | Outcome
  | { type: 'verify.threw' }
  | { type: 'discard.done' };

type EnrolServiceEvent = Extract<MfaEnrolEvent, { type: 'enrol.ready' | 'enrol.failed' }>;

const enrolSetup = /* @__PURE__ */ setup({
  types: { context: {} as MfaEnrolContext, events: {} as MfaEnrolEvent },
  actors: {
    enrolTotp: notProvided<EnrolServiceEvent>('enrolTotp'),
    verifyCode: notProvided<Outcome, { factorId: string; code: string }>('verifyCode'),
    discardFactor: notProvided<void, { factorId: string }>('discardFactor'),
  },
  actions: {
    /** A factor was verified (injected: refresh the list of factors). */
    enrolled: () => {},
    setCode: assign(({ event }) => (event.type === 'code.change' ? { code: event.value } : {})),
    setEnrolment: assign(({ event }) => (event.type === 'enrol.ready' ? { enrolment: event.enrolment } : {})),
    clearEnrolment: assign({ enrolment: null, code: '' }),
    clearCode: assign({ code: '' }),
    clearMessage: assign({ message: null }),
    showError: assign((_, params: { text: string }) => ({
      message: { type: 'error' as const, text: params.text },
    })),
    showSuccess: assign((_, params: { text: string }) => ({
      message: { type: 'success' as const, text: params.text },
    })),
  },
  guards: { codeMalformed: ({ context }) => !isTotpCode(context.code) },
});

function enrolConfig(variant: Variant) {
  return enrolSetup.createMachine({
    id: 'mfaEnrol',
    context: { code: '', enrolment: null, message: null },
    initial: 'idle',
    states: {
      idle: { on: { 'enrol.start': { target: 'enrolling', actions: 'clearMessage' } } },
      enrolling: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'enrolTotp',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'enrol.threw' }) },
          },
        }),
        on: {
          'enrol.ready': { target: 'scanning', actions: 'setEnrolment' },
          'enrol.failed': {
            target: 'idle',
            actions: { type: 'showError', params: ({ event }) => ({ text: event.message }) },
          },
          'enrol.threw': {
            target: 'idle',
            actions: { type: 'showError', params: { text: messages.unexpectedError } },
          },
        },
      },
      scanning: {
        on: {
          'code.change': { actions: 'setCode' },
          'form.submit': [
            {
              guard: 'codeMalformed',
              actions: { type: 'showError', params: { text: mfaMessages.codeInvalid } },
            },
            { target: 'verifying', actions: 'clearMessage' },
          ],
          cancel: { target: 'discarding', actions: 'clearMessage' },
        },
      },
      verifying: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'verifyCode',
            input: ({ context }: { context: MfaEnrolContext }) => ({
              factorId: context.enrolment?.factorId ?? '',
              code: normalizeTotpCode(context.code),
            }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: { actions: raise({ type: 'verify.threw' }) },
          },
        }),
        on: {
          'verify.succeeded': {
            target: 'enrolled',
            actions: [
              'clearEnrolment',
              { type: 'showSuccess', params: { text: mfaMessages.enrolled } },
              'enrolled',
            ],
          },
          'verify.failed': {
            target: 'scanning',
            actions: ['clearCode', { type: 'showError', params: ({ event }) => ({ text: event.message }) }],
          },
          'verify.threw': {
            target: 'scanning',
            actions: { type: 'showError', params: { text: messages.unexpectedError } },
          },
        },
      },
      discarding: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'discardFactor',
            input: ({ context }: { context: MfaEnrolContext }) => ({
              factorId: context.enrolment?.factorId ?? '',
            }),
            // Either way the page forgets it: an unverified factor left behind is never used and is replaced by
            // the next enrolment.
            onDone: { actions: raise({ type: 'discard.done' }) },
            onError: { actions: raise({ type: 'discard.done' }) },
          },
        }),
        on: { 'discard.done': { target: 'idle', actions: 'clearEnrolment' } },
      },
      enrolled: { on: { 'enrol.start': { target: 'enrolling', actions: 'clearMessage' } } },
    },
  });
}

export const mfaEnrolLogic = /* @__PURE__ */ enrolConfig('logic');
export const mfaEnrolMachine = /* @__PURE__ */ enrolConfig('runtime');
export type MfaEnrolSnapshot = SnapshotFrom<typeof mfaEnrolMachine> | SnapshotFrom<typeof mfaEnrolLogic>;

export const mfaEnrolActors = (mfa: MfaService) => ({
  enrolTotp: fromPromise<EnrolServiceEvent, void>(async () => {
    const { enrolment, error } = await mfa.enrolTotp({ friendlyName: mfaMessages.friendlyName });
    if (error || !enrolment)
      return { type: 'enrol.failed', message: error?.message ?? messages.unexpectedError };
    return { type: 'enrol.ready', enrolment };
  }),
  verifyCode: fromPromise<Outcome, { factorId: string; code: string }>(async ({ input }) =>
    verifyOutcome(await mfa.verify(input)),
  ),
  discardFactor: fromPromise<void, { factorId: string }>(async ({ input }) => {
    if (input.factorId) await mfa.unenrol({ factorId: input.factorId });
  }),
});

export interface MfaEnrolView {
  status: 'idle' | 'enrolling' | 'scanning' | 'verifying' | 'discarding' | 'enrolled';
  code: string;
  enrolment: TotpEnrolment | null;
  message: AuthMessage | null;
  busy: boolean;
  submitLabel: string;
}

export function mfaEnrolView(snapshot: MfaEnrolSnapshot): MfaEnrolView {
  const status = snapshot.value as MfaEnrolView['status'];
  return {
    status,
    code: snapshot.context.code,
    enrolment: snapshot.context.enrolment,
    message: snapshot.context.message,
    busy: status === 'enrolling' || status === 'verifying' || status === 'discarding',
    submitLabel: status === 'verifying' ? mfaMessages.verifying : mfaMessages.verify,
  };
}

export function createMfaEnrolMachine(options: { mfa: MfaService; onEnrolled?: () => void }) {
  return mfaEnrolMachine.provide({
    actors: mfaEnrolActors(options.mfa),
    actions: { enrolled: () => options.onEnrolled?.() },
  });
}
