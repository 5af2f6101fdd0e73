// The article features' own calls beyond @pentland/articles (whose calls take the client): an image upload with
// its progress, which needs the backend's anon key.
import type { SupabaseClient } from '@supabase/supabase-js';
import { uploadArticleImageWithProgress } from '@pentland/articles';
import { readBackendConfig } from '../../config.ts';

/** Stores an article image (cover or inline) under the user's folder, reporting progress; its public URL. */
export async function uploadImage(
  client: SupabaseClient,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const { supabaseAnonKey } = readBackendConfig(import.meta.env);
  const img = await uploadArticleImageWithProgress(client, file, { anonKey: supabaseAnonKey, onProgress });
  return img.publicUrl;
}
