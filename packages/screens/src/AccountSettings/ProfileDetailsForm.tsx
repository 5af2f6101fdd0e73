import type { FormEvent } from 'react';
import { Button, ImageUpload, type ImageUploadState, TextField } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { ActionMessage, SettingsSection } from './SettingsSection.tsx';
import type { ActionState } from './types.ts';

export interface ProfileDetailsFormProps {
  fullName: string;
  onFullNameChange: (value: string) => void;
  onSubmitName: () => void;
  nameState: ActionState;
  /** The saved picture, or null (the initials are shown). */
  avatarUrl: string | null;
  /** `useImageUpload().state` of the picture being chosen. */
  upload: ImageUploadState;
  onAvatarFile: (file: File) => void;
  onAvatarRemove?: () => void;
  avatarState: ActionState;
  /** Types for the file chooser. */
  accept: string;
  avatarHint: string;
}

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The profile's name and picture: the name as articles show it, the picture beside it. */
export function ProfileDetailsForm({
  fullName,
  onFullNameChange,
  onSubmitName,
  nameState,
  avatarUrl,
  upload,
  onAvatarFile,
  onAvatarRemove,
  avatarState,
  accept,
  avatarHint,
}: ProfileDetailsFormProps) {
  const busy = nameState.status === 'busy';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmitName();
  };
  return (
    <SettingsSection
      title="Name and picture"
      description="Your name is shown in the menu and as the author of your articles; your picture beside it."
    >
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <TextField
          label="Full name"
          name="fullName"
          autoComplete="name"
          required
          maxLength={200}
          value={fullName}
          onChange={(e) => onFullNameChange(e.target.value)}
          disabled={busy}
        />
        <div className={css.actions}>
          <Button type="submit" busy={busy}>
            {busy ? 'Saving...' : 'Save name'}
          </Button>
        </div>
        <ActionMessage state={nameState} />
      </form>
      <div className={css.avatarRow}>
        {avatarUrl ? (
          <img className={css.avatar} src={avatarUrl} alt="Your current avatar" width={96} height={96} />
        ) : (
          <span className={css.avatar} role="img" aria-label="No profile picture yet">
            {initials(fullName)}
          </span>
        )}
        <div className={css.grow}>
          <ImageUpload
            label="Profile picture"
            hint={avatarHint}
            state={upload}
            onFile={onAvatarFile}
            accept={accept}
            disabled={avatarState.status === 'busy'}
          />
          {onAvatarRemove && avatarUrl && upload.kind !== 'processing' && upload.kind !== 'uploading' && (
            <div className={css.actions}>
              <Button
                variant="secondary"
                size="small"
                busy={avatarState.status === 'busy'}
                onClick={onAvatarRemove}
              >
                Remove picture
              </Button>
            </div>
          )}
          <ActionMessage state={avatarState} />
        </div>
      </div>
    </SettingsSection>
  );
}
