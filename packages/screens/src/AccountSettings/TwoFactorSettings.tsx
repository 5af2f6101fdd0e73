import { mfaMessages, type MfaEnrolView, type MfaFactor } from '@pentland/auth-machine';
import type { FormEvent } from 'react';
import { Alert, Badge, Button, TextField } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { ActionMessage, SettingsSection } from './SettingsSection.tsx';
import type { ActionState } from './types.ts';

export interface TwoFactorSettingsProps {
  /** The account's verified factors (unverified ones are enrolments in progress). */
  factors: readonly MfaFactor[];
  /** `useMfaEnrol().view`. */
  enrol: MfaEnrolView;
  onStart: () => void;
  onCodeChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onRemove: (factorId: string) => void;
  removeState: ActionState;
}

const added = (iso?: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }).format(
        new Date(iso),
      )
    : null;

/** Two-step verification: the authenticator apps set up, setting one up (QR code, key, first code), removing one. */
export function TwoFactorSettings({
  factors,
  enrol,
  onStart,
  onCodeChange,
  onSubmit,
  onCancel,
  onRemove,
  removeState,
}: TwoFactorSettingsProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const verified = factors.filter((f) => f.status === 'verified');
  const scanning = enrol.enrolment && (enrol.status === 'scanning' || enrol.status === 'verifying');
  return (
    <SettingsSection
      title="Two-step verification"
      description="Besides your password, ask for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) when you sign in."
    >
      {verified.length > 0 ? (
        <ul className={css.list} aria-label="Authenticator apps">
          {verified.map((f) => (
            <li key={f.id} className={css.item}>
              <span className={css.itemText}>
                <span className={css.itemName}>
                  {f.friendlyName || mfaMessages.friendlyName} <Badge tone="positive">On</Badge>
                </span>
                {added(f.createdAt) && <span className={css.muted}>Added {added(f.createdAt)}</span>}
              </span>
              <Button
                variant="secondary"
                size="small"
                busy={removeState.status === 'busy'}
                onClick={() => onRemove(f.id)}
              >
                Turn off
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        !scanning && <p className={css.muted}>Two-step verification is off.</p>
      )}
      <ActionMessage state={removeState} />

      {scanning && enrol.enrolment ? (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={enrol.busy || undefined}>
          <p className={css.description}>{mfaMessages.scanText}</p>
          <div className={css.qrRow}>
            <img
              className={css.qr}
              src={enrol.enrolment.qrCode}
              alt="QR code to scan with your authenticator app"
              width={184}
              height={184}
            />
            <p className={css.muted}>
              Can’t scan it? Enter this key:
              <br />
              <code className={css.secret} data-testid="totp-secret">
                {enrol.enrolment.secret}
              </code>
            </p>
          </div>
          <TextField
            label={mfaMessages.codeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            className={css.code}
            value={enrol.code}
            onChange={(e) => onCodeChange(e.target.value)}
            disabled={enrol.busy}
          />
          <div className={css.actions}>
            <Button type="submit" busy={enrol.status === 'verifying'}>
              {enrol.submitLabel}
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={enrol.busy}>
              Cancel
            </Button>
          </div>
          {enrol.message && <Alert tone={enrol.message.type}>{enrol.message.text}</Alert>}
        </form>
      ) : (
        <>
          {verified.length === 0 && (
            <div className={css.actions}>
              <Button onClick={onStart} busy={enrol.status === 'enrolling' || enrol.status === 'discarding'}>
                {enrol.status === 'enrolling' ? mfaMessages.enrolling : mfaMessages.enrolStart}
              </Button>
            </div>
          )}
          {enrol.message && <Alert tone={enrol.message.type}>{enrol.message.text}</Alert>}
        </>
      )}
    </SettingsSection>
  );
}
