export declare const localBackendDefaults: {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_ANON_KEY: string;
};
