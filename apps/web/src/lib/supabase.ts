import { createClient } from '@supabase/supabase-js';
import { readBackendConfig } from '../config';

const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);

// PKCE: the social sign-in returns a code to /auth/callback instead of tokens in the URL.
export const supabase = createClient(supabaseUrl, supabaseAnonKey, { auth: { flowType: 'pkce' } });
