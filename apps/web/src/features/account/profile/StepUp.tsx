import { useEffect, useRef } from 'react';
import { mfaMessages } from '@pentland/auth-machine';
import { useMfaChallenge } from '@pentland/auth-machine/react';
import { MfaChallenge } from '@pentland/screens';
import type { MfaService } from './useProfile.ts';

/** The step-up: the authenticator code before a change that needs it; the page runs the change afterwards. */
export function StepUp({
  mfa,
  reason,
  onDone,
  onCancel,
}: {
  mfa: MfaService;
  reason: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const challenge = useMfaChallenge({ mfa, onCompleted: onDone, onCancelled: onCancel });
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div ref={ref}>
      <MfaChallenge
        view={challenge.view}
        onCodeChange={challenge.setCode}
        onSubmit={challenge.submit}
        onCancel={challenge.cancel}
        onRetry={challenge.retry}
        description={reason || mfaMessages.challengeText}
        headingLevel={2}
      />
    </div>
  );
}
