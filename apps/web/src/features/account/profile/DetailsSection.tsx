import { useCallback, useState } from 'react';
import {
  avatarInputProblem,
  avatarInputTypes,
  avatarMessages,
  avatarOutputType,
  avatarSide,
  avatarUploadProblem,
  fullNameProblem,
  profileMessages,
} from '@pentland/account';
import { cropSquare, useImageUpload } from '@pentland/ui';
import { idle, ProfileDetailsForm, type ActionState } from '@pentland/screens';
import { removeStoredAvatar, replaceAvatar, updateProfile } from './data.ts';
import { done, fail, type ProfileContext } from './useProfile.ts';

const unreadableAvatar = () => avatarMessages.unreadable;

/**
 * Name and picture. The picture is checked, scaled down by the ui kit, cropped square, stored in the user's folder,
 * then named in the account.
 */
export function DetailsSection({ client, user, refresh }: ProfileContext) {
  const [fullName, setFullName] = useState(() => String(user.user_metadata?.full_name ?? ''));
  const [nameState, setNameState] = useState<ActionState>(idle);
  const saveName = async () => {
    const problem = fullNameProblem(fullName);
    if (problem) return setNameState(fail(problem));
    setNameState({ status: 'busy' });
    const error = await updateProfile(client, { full_name: fullName.trim() });
    if (error) return setNameState(fail(error.message));
    setFullName(fullName.trim());
    setNameState(done(profileMessages.nameSaved));
    void refresh();
  };

  const [avatarState, setAvatarState] = useState<ActionState>(idle);
  const avatarUrl = (user.user_metadata?.avatar_url as string | undefined) ?? null;
  const upload = useImageUpload({
    // A first scaling that keeps the short side above 512 px for all but panoramas; cropSquare makes it 512.
    maxSide: avatarSide * 4,
    check: useCallback((f: { name: string; type: string; size: number }) => avatarInputProblem(f), []),
    unreadable: unreadableAvatar,
    upload: useCallback(
      async (file: File, onProgress: (f: number) => void) => {
        const { file: square } = await cropSquare(file, avatarSide, avatarOutputType(file.type));
        const problem = avatarUploadProblem(square);
        if (problem) throw new Error(problem);
        return { url: await replaceAvatar(client, user, square, avatarOutputType(file.type), onProgress) };
      },
      [client, user],
    ),
    onUploaded: useCallback(() => {
      setAvatarState(done(profileMessages.avatarSaved));
      void refresh();
    }, [refresh]),
  });
  const removeAvatar = async () => {
    setAvatarState({ status: 'busy' });
    const error = await updateProfile(client, { avatar_url: null });
    if (error) return setAvatarState(fail(error.message));
    await removeStoredAvatar(client, user.id, avatarUrl);
    upload.reset();
    setAvatarState(done(profileMessages.avatarRemoved));
    void refresh();
  };

  return (
    <ProfileDetailsForm
      fullName={fullName}
      onFullNameChange={(v) => {
        setFullName(v);
        if (nameState.status !== 'busy') setNameState(idle);
      }}
      onSubmitName={() => void saveName()}
      nameState={nameState}
      avatarUrl={avatarUrl}
      upload={upload.state}
      onAvatarFile={(f) => {
        setAvatarState(idle);
        void upload.select(f);
      }}
      onAvatarRemove={() => void removeAvatar()}
      avatarState={avatarState}
      accept={avatarInputTypes.join(',')}
      avatarHint="PNG, JPEG, WebP, GIF or AVIF. It is cropped square and scaled down to 512 px."
    />
  );
}
