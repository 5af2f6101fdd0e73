import { useState } from 'react';
import type { MfaFactor } from '@pentland/auth-machine';
import { useMfaEnrol } from '@pentland/auth-machine/react';
import { idle, TwoFactorSettings, type ActionState } from '@pentland/screens';
import { done, fail, type ProfileContext } from './useProfile.ts';

/** Two-step verification: enrol an authenticator app; turning it off asks for its code first. */
export function TwoStepSection({
  client,
  mfa,
  refresh,
  withStepUp,
  factors,
}: ProfileContext & { factors: MfaFactor[] }) {
  const enrol = useMfaEnrol({
    mfa,
    onEnrolled: () => {
      void refresh();
    },
  });
  const [removeState, setRemoveState] = useState<ActionState>(idle);
  const removeFactor = (factorId: string) =>
    void withStepUp(
      'Before you turn off two-step verification, enter the code from your authenticator app.',
      () => {
        setRemoveState({ status: 'busy' });
        void mfa.unenrol({ factorId }).then(async ({ error }) => {
          if (error) return setRemoveState(fail(error.message));
          // The session was aal2 through this factor: take the new, aal1 token.
          await client.auth.refreshSession();
          setRemoveState(done('Two-step verification is off.'));
          void refresh();
        });
      },
    );
  return (
    <TwoFactorSettings
      factors={factors}
      enrol={enrol.view}
      onStart={() => {
        setRemoveState(idle);
        enrol.start();
      }}
      onCodeChange={enrol.setCode}
      onSubmit={enrol.submit}
      onCancel={enrol.cancel}
      onRemove={removeFactor}
      removeState={removeState}
    />
  );
}
