import { administratorEmails, parseEmailList } from '@pentland/site-data';

/** The backend settings the app cannot start without. */
export interface BackendConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export const requiredEnv = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

export type Env = Partial<
  Record<
    (typeof requiredEnv)[number] | 'VITE_ADMIN_EMAILS' | 'VITE_STORAGE_IMAGE_TRANSFORMATIONS',
    string | undefined
  >
>;

/** Reads the backend settings; throws naming every missing variable, so a broken deploy fails at start-up. */
export function readBackendConfig(env: Env): BackendConfig {
  const missing = requiredEnv.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(`Missing backend configuration: ${missing.join(', ')} must be set.`);
  }
  return {
    supabaseUrl: (env.VITE_SUPABASE_URL as string).trim(),
    supabaseAnonKey: (env.VITE_SUPABASE_ANON_KEY as string).trim(),
  };
}

/**
 * The administrator e-mails the admin guard and the menus fall back to when rpc('is_admin') fails:
 * VITE_ADMIN_EMAILS (comma-separated) when set, otherwise site-data's four addresses.
 */
export function readAdminEmails(env: Env): readonly string[] {
  const configured = parseEmailList(env.VITE_ADMIN_EMAILS);
  return configured.length > 0 ? configured : administratorEmails;
}

/**
 * Whether the Supabase project renders images (Storage's image transformations: the local backend does; hosted
 * Supabase does from the Pro plan): on unless VITE_STORAGE_IMAGE_TRANSFORMATIONS is `off`. Article cards then show
 * their covers at card size; without, the stored image as it is.
 */
export function readImageTransformations(env: Env): boolean {
  return env.VITE_STORAGE_IMAGE_TRANSFORMATIONS?.trim().toLowerCase() !== 'off';
}
