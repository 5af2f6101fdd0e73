/** A sign-in method linked to the account (an Auth identity, as supabase-js lists them). */
export interface LinkedIdentity {
  /** The identity's row id: what unlinking names. */
  identity_id: string;
  provider: string;
  /** The address the provider gave, when it gave one. */
  email?: string | null;
  created_at?: string | null;
  last_sign_in_at?: string | null;
}

const providerNames: Record<string, string> = {
  email: 'E-mail and password',
  facebook: 'Facebook',
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
};

/** How people read a provider's name. */
export function providerName(provider: string): string {
  return providerNames[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** A method may be removed only while another one remains: the last way to sign in is never removed. */
export function canUnlink(identities: readonly LinkedIdentity[], identityId: string): boolean {
  return identities.length > 1 && identities.some((i) => i.identity_id === identityId);
}

export const identityMessages = {
  lastIdentity:
    'This is the only way you can sign in, so it cannot be removed. Link another sign-in method first.',
  unlinked: (provider: string) => `${providerName(provider)} is no longer linked to your account.`,
  linking: (provider: string) => `Taking you to ${providerName(provider)}...`,
  alreadyLinked: (provider: string) => `${providerName(provider)} is already linked to your account.`,
} as const;
