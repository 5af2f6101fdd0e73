import { passwordUpdateMessages, type PasswordField, type PasswordUpdateView } from '@pentland/auth-machine';
import { useId, type FormEvent } from 'react';
import { Alert, Button, Link, PasswordField as PasswordInput, Spinner } from '@pentland/ui';
import * as css from '../AuthForm/AuthForm.css.ts';

export interface PasswordUpdateFormProps {
  /** `usePasswordUpdate().view` (or `passwordUpdateView(snapshot)`): the form renders it and decides nothing. */
  view: Pick<
    PasswordUpdateView,
    'status' | 'fields' | 'message' | 'passwordVisible' | 'showForm' | 'busy' | 'submitLabel'
  >;
  onFieldChange: (field: PasswordField, value: string) => void;
  onTogglePassword: () => void;
  onSubmit: () => void;
  /** Where a new reset link is requested (the sign-in page). */
  requestLinkTo?: string;
}

const passwordFields: readonly { field: PasswordField; label: string }[] = [
  { field: 'password', label: 'New password' },
  { field: 'confirmPassword', label: 'Confirm new password' },
];

/**
 * The reset-password page's card (/auth/reset-password): checking the link, an invalid link, where a link comes from
 * (opened without one), or the new-password form.
 */
export function PasswordUpdateForm({
  view,
  onFieldChange,
  onTogglePassword,
  onSubmit,
  requestLinkTo = '/auth',
}: PasswordUpdateFormProps) {
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const change = (field: PasswordField) => (e: { target: { value: string } }) =>
    onFieldChange(field, e.target.value);
  return (
    <section className={css.card} aria-labelledby={titleId} data-status={view.status}>
      <header className={css.header}>
        <h1 id={titleId} className={css.title}>
          {passwordUpdateMessages.title}
        </h1>
        <p className={css.subtitle}>Choose a password of at least 6 characters.</p>
      </header>

      {view.status === 'checking' && (
        <Spinner size="small" label={passwordUpdateMessages.checking} showLabel />
      )}

      {view.status === 'noLink' && <Alert tone="info">{passwordUpdateMessages.noLink}</Alert>}

      {view.message && <Alert tone={view.message.type}>{view.message.text}</Alert>}

      {(view.status === 'linkInvalid' || view.status === 'noLink') && (
        <div className={css.switches}>
          <Link to={requestLinkTo}>Request a new reset link</Link>
        </div>
      )}

      {view.showForm && (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={view.busy || undefined}>
          {passwordFields.map(({ field, label }) => (
            <PasswordInput
              key={field}
              label={label}
              name={field}
              autoComplete="new-password"
              required
              minLength={6}
              value={view.fields[field]}
              onChange={change(field)}
              visible={view.passwordVisible}
              onVisibleChange={onTogglePassword}
              disabled={view.busy}
            />
          ))}
          <Button type="submit" fullWidth busy={view.status === 'updating'} disabled={view.busy}>
            {view.submitLabel}
          </Button>
        </form>
      )}
    </section>
  );
}
