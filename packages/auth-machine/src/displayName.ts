import type { AuthUser } from './types.ts';

/** full_name from the user metadata, else the part of the e-mail before the at sign, else 'User'. */
export function displayName(user: AuthUser | null | undefined): string {
  const fullName = user?.user_metadata?.full_name;
  if (typeof fullName === 'string' && fullName.trim()) return fullName;
  const local = user?.email?.split('@')[0];
  return local ? local : 'User';
}
