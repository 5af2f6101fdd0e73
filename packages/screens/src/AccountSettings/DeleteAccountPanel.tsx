import { useState } from 'react';
import { Button, Checkbox, ConfirmDialog, TextField } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { SettingsSection } from './SettingsSection.tsx';

export interface DeleteAccountPanelProps {
  email: string;
  /** Whether the typed text confirms (the account rule: the e-mail address). */
  isConfirmed: (typed: string) => boolean;
  /** Deletes the account; a rejection's message is shown in the dialog, which stays open. */
  onDelete: (options: { confirmation: string; keepArticles: boolean }) => Promise<void>;
  /** Opens the dialog at once (stories). */
  defaultOpen?: boolean;
}

/** The danger zone: delete the account after a typed confirmation, optionally keeping published articles unnamed. */
export function DeleteAccountPanel({
  email,
  isConfirmed,
  onDelete,
  defaultOpen = false,
}: DeleteAccountPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [typed, setTyped] = useState('');
  const [keepArticles, setKeepArticles] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      setKeepArticles(false);
    }
  };
  return (
    <SettingsSection
      tone="critical"
      title="Delete account"
      description="Deleting your account removes your profile, articles, posters and their scans, E-Board entries and uploaded files at once. It cannot be undone."
    >
      <div className={css.actions}>
        <Button variant="critical" onClick={() => change(true)}>
          Delete my account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={change}
        tone="critical"
        title="Delete your account?"
        description={`Everything in the account ${email} is deleted at once and cannot be restored. Consider downloading your data first.`}
        confirmLabel="Delete account"
        confirmDisabled={!isConfirmed(typed)}
        onConfirm={() => onDelete({ confirmation: typed, keepArticles })}
      >
        <TextField
          label="Type your e-mail address to confirm"
          name="confirmation"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Checkbox
          label="Keep my published articles on the site without my name"
          checked={keepArticles}
          onCheckedChange={setKeepArticles}
        />
      </ConfirmDialog>
    </SettingsSection>
  );
}
