import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  createMfaChallengeMachine,
  createMfaEnrolMachine,
  mfaChallengeView,
  mfaEnrolView,
  type MfaChallengeView,
  type MfaEnrolView,
  type MfaService,
} from '../machines/mfa.ts';
import {
  createPasswordChangeMachine,
  passwordChangeView,
  type PasswordChangeField,
  type PasswordChangeService,
  type PasswordChangeView,
} from '../machines/passwordChange.ts';

export interface UseMfaChallengeResult {
  view: MfaChallengeView;
  setCode: (value: string) => void;
  submit: () => void;
  cancel: () => void;
  retry: () => void;
}

/** The two-step challenge (after sign-in, or a step-up) over an `MfaService`. */
export function useMfaChallenge(options: {
  mfa: MfaService;
  onCompleted?: (outcome: { verified: boolean }) => void;
  onCancelled?: () => void;
}): UseMfaChallengeResult {
  const [machine] = useState(() => createMfaChallengeMachine(options));
  const [snapshot, send] = useMachine(machine);
  return useMemo(
    () => ({
      view: mfaChallengeView(snapshot),
      setCode: (value: string) => send({ type: 'code.change', value }),
      submit: () => send({ type: 'form.submit' }),
      cancel: () => send({ type: 'cancel' }),
      retry: () => send({ type: 'retry' }),
    }),
    [snapshot, send],
  );
}

export interface UseMfaEnrolResult {
  view: MfaEnrolView;
  start: () => void;
  setCode: (value: string) => void;
  submit: () => void;
  cancel: () => void;
}

/** Enrolling an authenticator app over an `MfaService`. */
export function useMfaEnrol(options: { mfa: MfaService; onEnrolled?: () => void }): UseMfaEnrolResult {
  const [machine] = useState(() => createMfaEnrolMachine(options));
  const [snapshot, send] = useMachine(machine);
  return useMemo(
    () => ({
      view: mfaEnrolView(snapshot),
      start: () => send({ type: 'enrol.start' }),
      setCode: (value: string) => send({ type: 'code.change', value }),
      submit: () => send({ type: 'form.submit' }),
      cancel: () => send({ type: 'cancel' }),
    }),
    [snapshot, send],
  );
}

export interface UsePasswordChangeResult {
  view: PasswordChangeView;
  setField: (field: PasswordChangeField, value: string) => void;
  togglePassword: () => void;
  submit: () => void;
  resendCode: () => void;
}

/** The profile's password change over a `PasswordChangeService`. */
export function usePasswordChange(options: { service: PasswordChangeService }): UsePasswordChangeResult {
  const [machine] = useState(() => createPasswordChangeMachine(options));
  const [snapshot, send] = useMachine(machine);
  return useMemo(
    () => ({
      view: passwordChangeView(snapshot),
      setField: (field: PasswordChangeField, value: string) => send({ type: 'field.change', field, value }),
      togglePassword: () => send({ type: 'password.toggle' }),
      submit: () => send({ type: 'form.submit' }),
      resendCode: () => send({ type: 'code.resend' }),
    }),
    [snapshot, send],
  );
}
