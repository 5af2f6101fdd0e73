import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { AuthDelays } from '../messages.ts';
import {
  createPasswordUpdateMachine,
  passwordUpdateView,
  type PasswordField,
  type PasswordUpdateView,
} from '../machines/passwordUpdate.ts';
import { useAuth } from './context.ts';

export interface UsePasswordUpdateResult {
  view: PasswordUpdateView;
  setField: (field: PasswordField, value: string) => void;
  togglePassword: () => void;
  submit: () => void;
}

/**
 * The reset-password page over the provider's service and host. `linkAbsent` (read when the page mounts): its
 * address carries no recovery link and the browser holds no session.
 */
export function usePasswordUpdate(
  options: { delays?: Partial<Pick<AuthDelays, 'passwordUpdatedRedirect'>>; linkAbsent?: boolean } = {},
): UsePasswordUpdateResult {
  const { service, host } = useAuth();
  const [machine] = useState(() => createPasswordUpdateMachine({ service, host, delays: options.delays }));
  const [snapshot, send] = useMachine(machine, { input: { linkAbsent: options.linkAbsent } });
  return useMemo(
    () => ({
      view: passwordUpdateView(snapshot),
      setField: (field: PasswordField, value: string) => send({ type: 'field.change', field, value }),
      togglePassword: () => send({ type: 'password.toggle' }),
      submit: () => send({ type: 'form.submit' }),
    }),
    [snapshot, send],
  );
}
