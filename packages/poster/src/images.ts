/** The poster creator's picture rules; the private poster-images bucket enforces the same types and size. */
export const posterImagesBucket = 'poster-images';
export const posterImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Print-resolution photos: 10 MB. */
export const posterImageMaxBytes = 10 * 1024 * 1024;

export const posterImageMessages = {
  notAnImage: (name: string) => `${name} is not a PNG, JPEG, WebP or GIF image.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB.`,
  empty: (name: string) => `${name} is empty.`,
  /** A file whose bytes the browser cannot decode, whatever its name and type claim. */
  unreadable: 'This file is not a picture we can use — choose a PNG, JPEG, WebP or GIF image.',
  notStored: 'The image could not be uploaded.',
} as const;

/** Why a chosen file cannot go on a poster (checked before it is read and again by the bucket), or null. */
export function posterImageProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(posterImageTypes as readonly string[]).includes(file.type))
    return posterImageMessages.notAnImage(file.name);
  if (file.size === 0) return posterImageMessages.empty(file.name);
  if (file.size > posterImageMaxBytes) return posterImageMessages.tooLarge(file.name);
  return null;
}
