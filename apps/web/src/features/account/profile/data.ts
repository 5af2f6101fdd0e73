// The profile's calls: the account (Auth), the picture in the avatars bucket, the backend's sign-in providers, the
// data download and the deletion function.
import type { SupabaseClient, User, UserIdentity } from '@supabase/supabase-js';
import {
  avatarObjectPath,
  avatarOutputType,
  avatarsBucket,
  deletionMessages,
  isOwnAvatarUrl,
} from '@pentland/account';
import { readBackendConfig } from '../../../config.ts';

/** Social providers the profile offers to link, when the backend has them enabled. */
const linkableProviders = ['google', 'facebook'] as const;

/** Which of the linkable providers this backend offers (Auth's public settings); none when they cannot be read. */
export async function readLinkableProviders(): Promise<string[]> {
  try {
    const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);
    const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey } });
    const settings = (res.ok ? await res.json() : null) as { external?: Record<string, boolean> } | null;
    return linkableProviders.filter((p) => settings?.external?.[p]);
  } catch {
    return [];
  }
}

/** The signed-in user as Auth has it now, or null when it could not be read. */
export async function readUser(client: SupabaseClient): Promise<User | null> {
  const { data, error } = await client.auth.getUser();
  return error || !data.user ? null : data.user;
}

/** Changes the account's metadata (its name, its picture's URL). */
export async function updateProfile(client: SupabaseClient, data: Record<string, unknown>) {
  const { error } = await client.auth.updateUser({ data });
  return error;
}

/** Asks Auth to change the e-mail address: it mails links to both addresses; nothing changes until both are followed. */
export async function requestEmailChange(client: SupabaseClient, address: string) {
  const { error } = await client.auth.updateUser(
    { email: address },
    { emailRedirectTo: `${window.location.origin}/profile` },
  );
  return error;
}

/** Leaves for the provider to link it; it returns through /auth/callback. */
export async function linkProvider(client: SupabaseClient, provider: string) {
  const { error } = await client.auth.linkIdentity({
    provider: provider as 'google',
    options: { redirectTo: `${window.location.origin}/auth/callback` },
  });
  return error;
}

/** Removes a sign-in method, then takes a session token without it. */
export async function unlinkIdentity(client: SupabaseClient, identity: UserIdentity) {
  const { error } = await client.auth.unlinkIdentity(identity);
  if (error) return error;
  await client.auth.refreshSession();
  return null;
}

/** Removes a picture the user stored (their own file in the avatars bucket); any other URL is left alone. */
export async function removeStoredAvatar(client: SupabaseClient, userId: string, url: string | null) {
  if (!url || !isOwnAvatarUrl(url, userId)) return;
  const name = decodeURIComponent(url.split(`/public/${avatarsBucket}/`)[1] ?? '');
  if (name) await client.storage.from(avatarsBucket).remove([name]);
}

/**
 * Stores a prepared (square, scaled) picture in the user's folder, names it in the account — the database copies it
 * to the public profile only if it is the user's own file — and removes the previous own picture. Its public URL.
 */
export async function replaceAvatar(
  client: SupabaseClient,
  user: User,
  square: File,
  type: ReturnType<typeof avatarOutputType>,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const path = avatarObjectPath(user.id, type);
  onProgress(0.1);
  const stored = await client.storage
    .from(avatarsBucket)
    .upload(path, square, { cacheControl: '3600', upsert: false, contentType: square.type });
  if (stored.error) throw new Error(`The picture could not be stored: ${stored.error.message}`);
  onProgress(0.8);
  const url = client.storage.from(avatarsBucket).getPublicUrl(path).data.publicUrl;
  const previous = (user.user_metadata?.avatar_url as string | undefined) ?? null;
  const error = await updateProfile(client, { avatar_url: url });
  if (error) {
    await client.storage.from(avatarsBucket).remove([path]);
    throw new Error(error.message);
  }
  await removeStoredAvatar(client, user.id, previous);
  return url;
}

/** Everything the database holds about the user (export_my_data(); aal2 when two-step verification is on). */
export const exportMyData = (client: SupabaseClient) => client.rpc('export_my_data');

/**
 * Deletes the account through delete-account (which checks the caller's token, the typed address and the second
 * factor), then drops the local session; throws with the function's message.
 */
export async function deleteMyAccount(
  client: SupabaseClient,
  body: { confirmation: string; keepArticles: boolean },
): Promise<void> {
  const { error, response } = await client.functions.invoke('delete-account', { body });
  if (error) {
    let message: string = deletionMessages.failed;
    try {
      const answer = (await (response as Response | undefined)?.json()) as {
        error?: string;
        message?: string;
      };
      message = answer?.message ?? answer?.error ?? message;
    } catch {
      // not JSON
    }
    throw new Error(message);
  }
  await client.auth.signOut({ scope: 'local' });
}
