import { imageFileName, type ImageNameOptions } from '@pentland/articles';

/** The public bucket profile pictures live in, one folder per user. */
export const avatarsBucket = 'avatars';

/** A picture is cropped square and scaled down to this many pixels a side in the browser. */
export const avatarSide = 512;

/** What the file chooser accepts: anything a browser can draw that people use for photos. */
export const avatarInputTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;

/** What is stored (the bucket refuses anything else): PNG keeps transparency, everything else becomes JPEG. */
export type AvatarType = 'image/png' | 'image/jpeg';

/** The bucket's limit, checked on the cropped picture. */
export const maxAvatarBytes = 1024 * 1024;

export const avatarMessages = {
  notAnImage: (name: string) => `“${name}” is not a picture. Choose a PNG, JPEG, WebP, GIF or AVIF image.`,
  /** A file whose bytes the browser cannot decode, whatever its name and type claim. */
  unreadable: 'This file is not a picture we can use — choose a PNG, JPEG, WebP, GIF or AVIF image.',
  tooLarge: 'The picture is still larger than 1 MB after resizing. Choose a smaller image.',
  empty: (name: string) => `“${name}” is empty.`,
} as const;

/** The type a chosen picture is stored as. */
export const avatarOutputType = (inputType: string): AvatarType =>
  inputType === 'image/png' ? 'image/png' : 'image/jpeg';

/** What keeps a chosen file from becoming a picture, checked before it is read (the bucket checks again). */
export function avatarInputProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(avatarInputTypes as readonly string[]).includes(file.type))
    return avatarMessages.notAnImage(file.name);
  if (file.size === 0) return avatarMessages.empty(file.name);
  return null;
}

/** What keeps the cropped picture from being uploaded. */
export function avatarUploadProblem(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg')
    return avatarMessages.notAnImage('The picture');
  if (file.size > maxAvatarBytes) return avatarMessages.tooLarge;
  return null;
}

/**
 * Where a user's picture is stored: their folder, and a name by the site's image rule (a prefix, a random
 * string, the extension) — the extension of the type it was re-encoded to, not of the file chosen.
 */
export function avatarObjectPath(
  userId: string,
  type: AvatarType,
  options: Omit<ImageNameOptions, 'prefix' | 'type'> = {},
): string {
  const ext = type === 'image/png' ? 'png' : 'jpg';
  return `${userId}/${imageFileName(`avatar.${ext}`, { ...options, prefix: 'avatar' })}`;
}

/** The user's own picture in the avatars bucket (the database takes only such a URL into the public profile). */
export function isOwnAvatarUrl(url: string, userId: string): boolean {
  const escaped = userId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^https?://[^/?#]+(/[^?#]*)?/storage/v1/object/public/${avatarsBucket}/${escaped}/[^/?#]+$`,
  ).test(url);
}
