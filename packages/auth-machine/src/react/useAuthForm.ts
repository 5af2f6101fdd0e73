import { useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { AuthDelays } from '../messages.ts';
import {
  authFormView,
  createAuthFormMachine,
  type AuthFormEvent,
  type AuthFormView,
} from '../machines/authForm.ts';
import type { SocialProvider } from '../types.ts';
import type { AuthField, AuthMode } from '../validation.ts';
import { useAuth } from './context.ts';

export interface UseAuthFormOptions {
  mode?: AuthMode;
  provider?: SocialProvider;
  /** Called 1 s after a successful sign-in instead of navigating to /welcome. */
  onSuccess?: () => void;
  delays?: Partial<Pick<AuthDelays, 'signInRedirect'>>;
}

export interface UseAuthFormResult {
  view: AuthFormView;
  send: (event: AuthFormEvent) => void;
  setField: (field: AuthField, value: string) => void;
  switchMode: (mode: AuthMode) => void;
  togglePassword: () => void;
  submit: () => void;
  startSocial: () => void;
}

/** The auth form over the provider's service and host. Render `view`; call the senders. */
export function useAuthForm(options: UseAuthFormOptions = {}): UseAuthFormResult {
  const { service, host } = useAuth();
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;
  const [machine] = useState(() =>
    createAuthFormMachine({ service, host, onSignedIn: () => onSuccess.current?.(), delays: options.delays }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { mode: options.mode, provider: options.provider, hasSuccessCallback: Boolean(options.onSuccess) },
  });
  return useMemo(
    () => ({
      view: authFormView(snapshot),
      send,
      setField: (field: AuthField, value: string) => send({ type: 'field.change', field, value }),
      switchMode: (mode: AuthMode) => send({ type: 'mode.switch', mode }),
      togglePassword: () => send({ type: 'password.toggle' }),
      submit: () => send({ type: 'form.submit' }),
      startSocial: () => send({ type: 'social.start', returnTo: host.currentPath() }),
    }),
    [snapshot, send, host],
  );
}
