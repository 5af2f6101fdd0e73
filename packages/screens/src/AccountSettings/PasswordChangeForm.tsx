import {
  passwordChangeMessages,
  type PasswordChangeField,
  type PasswordChangeView,
} from '@pentland/auth-machine';
import type { FormEvent } from 'react';
import { Alert, Button, PasswordField, TextField } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { SettingsSection } from './SettingsSection.tsx';

export interface PasswordChangeFormProps {
  /** `usePasswordChange().view`: the form renders it and decides nothing. */
  view: PasswordChangeView;
  onFieldChange: (field: PasswordChangeField, value: string) => void;
  onTogglePassword: () => void;
  onSubmit: () => void;
  onResendCode: () => void;
  /** A user who signs in only with a social provider has no password to change. */
  hasPassword?: boolean;
}

const passwordFields: readonly { field: PasswordChangeField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { field: 'password', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** The profile's password change: current password, the new one twice, and the mailed code when it is asked for. */
export function PasswordChangeForm({
  view,
  onFieldChange,
  onTogglePassword,
  onSubmit,
  onResendCode,
  hasPassword = true,
}: PasswordChangeFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <SettingsSection
      title="Password"
      description="Choose a password of at least 6 characters. Changing it signs out your other devices."
    >
      {!hasPassword ? (
        <p className={css.muted}>
          You sign in with a social account, so there is no password to change. To set one, use “Forgot
          password” on the sign-in page.
        </p>
      ) : (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={view.busy || undefined}>
          {passwordFields.map(({ field, label, autoComplete }) => (
            <PasswordField
              key={field}
              label={label}
              name={field}
              autoComplete={autoComplete}
              required
              minLength={field === 'currentPassword' ? undefined : 6}
              value={view.fields[field]}
              onChange={(e) => onFieldChange(field, e.target.value)}
              visible={view.passwordVisible}
              onVisibleChange={onTogglePassword}
              disabled={view.busy}
            />
          ))}
          {view.codeRequired && (
            <TextField
              label="Code from the e-mail"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              className={css.code}
              value={view.fields.code}
              onChange={(e) => onFieldChange('code', e.target.value)}
              disabled={view.busy}
            />
          )}
          <div className={css.actions}>
            <Button type="submit" busy={view.status === 'changing'} disabled={view.busy}>
              {view.submitLabel}
            </Button>
            {view.codeRequired && (
              <Button variant="ghost" onClick={onResendCode} disabled={view.busy}>
                {passwordChangeMessages.resend}
              </Button>
            )}
          </div>
          {view.message && <Alert tone={view.message.type}>{view.message.text}</Alert>}
        </form>
      )}
    </SettingsSection>
  );
}
