/** The backend settings the app cannot start without. */
export interface BackendConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export const requiredEnv = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

export type Env = Partial<Record<(typeof requiredEnv)[number], string | undefined>>;

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
