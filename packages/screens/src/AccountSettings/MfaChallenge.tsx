import { messages, mfaMessages, type MfaChallengeView } from '@pentland/auth-machine';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Spinner, TextField } from '@pentland/ui';
import * as authCss from '../AuthForm/AuthForm.css.ts';
import * as css from './AccountSettings.css.ts';

export interface MfaChallengeProps {
  /** `useMfaChallenge().view`. */
  view: MfaChallengeView;
  onCodeChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onRetry: () => void;
  /** Why the code is asked for (after sign-in, or before a sensitive change). */
  description?: ReactNode;
  cancelLabel?: string;
  headingLevel?: 1 | 2;
}

/** The code from the authenticator app: after signing in (/auth) and before a sensitive change (step-up). */
export function MfaChallenge({
  view,
  onCodeChange,
  onSubmit,
  onCancel,
  onRetry,
  description = mfaMessages.challengeText,
  cancelLabel = 'Cancel',
  headingLevel = 1,
}: MfaChallengeProps) {
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <section className={authCss.card} aria-labelledby={titleId} data-status={view.status}>
      <header className={authCss.header}>
        <Heading id={titleId} className={authCss.title}>
          {mfaMessages.challengeTitle}
        </Heading>
        <p className={authCss.subtitle}>{description}</p>
      </header>
      {view.status === 'checking' && <Spinner size="small" label={mfaMessages.checking} showLabel />}
      {view.message && <Alert tone={view.message.type}>{view.message.text}</Alert>}
      {view.status === 'checkFailed' && (
        <div className={css.actions}>
          <Button onClick={onRetry}>{messages.tryAgain}</Button>
          <Button variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      )}
      {view.showForm && (
        <form className={authCss.form} onSubmit={submit} noValidate aria-busy={view.busy || undefined}>
          <TextField
            label={mfaMessages.codeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            className={css.code}
            value={view.code}
            onChange={(e) => onCodeChange(e.target.value)}
            disabled={view.busy}
          />
          <Button type="submit" fullWidth busy={view.status === 'verifying'}>
            {view.submitLabel}
          </Button>
          <Button variant="ghost" fullWidth onClick={onCancel} disabled={view.busy}>
            {cancelLabel}
          </Button>
        </form>
      )}
    </section>
  );
}
