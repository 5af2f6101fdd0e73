import type { FormEvent } from 'react';
import { Button, TextField } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { ActionMessage, SettingsSection } from './SettingsSection.tsx';
import type { ActionState } from './types.ts';

export interface EmailChangeFormProps {
  email: string;
  /** An address waiting for its confirmation links, if any. */
  pendingEmail?: string | null;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  state: ActionState;
}

/** Changing the sign-in address: confirmation links go to both addresses; nothing changes until both are followed. */
export function EmailChangeForm({
  email,
  pendingEmail,
  value,
  onChange,
  onSubmit,
  state,
}: EmailChangeFormProps) {
  const busy = state.status === 'busy';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <SettingsSection
      title="E-mail address"
      description="You sign in with this address. To change it, we send a confirmation link to your current and your new address; the change is made once both links are followed."
    >
      <p className={css.muted}>
        Current address: <strong>{email}</strong>
        {pendingEmail ? (
          <>
            <br />
            Waiting for confirmation: <strong>{pendingEmail}</strong>
          </>
        ) : null}
      </p>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <TextField
          label="New e-mail address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={busy}
        />
        <div className={css.actions}>
          <Button type="submit" busy={busy}>
            {busy ? 'Sending links...' : 'Change e-mail address'}
          </Button>
        </div>
        <ActionMessage state={state} />
      </form>
    </SettingsSection>
  );
}
