export declare const localBackendDefaults: {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_ANON_KEY: string;
};

/** Points the seed's image URLs (named at the default local backend) at the backend at `backendUrl`. */
export function pointSeedImagesAt(
  db: { query(sql: string, params?: unknown[]): Promise<unknown> },
  backendUrl: string,
): Promise<void>;
