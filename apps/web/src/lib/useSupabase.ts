import { useEffect, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadSupabase } from './supabase';

/** The shared Supabase client once loaded (after the first paint); null until then. */
export function useSupabase(): SupabaseClient | null {
  const [client, setClient] = useState<SupabaseClient | null>(null);
  useEffect(() => {
    let active = true;
    void loadSupabase().then((c) => {
      if (active) setClient(c);
    });
    return () => {
      active = false;
    };
  }, []);
  return client;
}
