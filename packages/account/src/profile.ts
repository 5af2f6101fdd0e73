/** The longest full name the profile accepts (the database cuts a longer one). */
export const maxFullNameLength = 100;

export const profileMessages = {
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: `Your name can be at most ${maxFullNameLength} characters.`,
  nameSaved: 'Your name has been saved.',
  avatarSaved: 'Your picture has been updated.',
  avatarRemoved: 'Your picture has been removed.',
} as const;

/** What is wrong with a full name typed on the profile, or null. */
export function fullNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return profileMessages.fullNameRequired;
  if (trimmed.length > maxFullNameLength) return profileMessages.fullNameTooLong;
  return null;
}
