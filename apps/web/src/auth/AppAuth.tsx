import type { ReactNode } from 'react';
import { AuthProvider } from '@pentland/auth-machine/react';
import { readAdminEmails } from '../config';
import { createAuthService } from '../lib/supabase';

const service = createAuthService();
const adminEmails = readAdminEmails(import.meta.env);

/** The auth context at the root: the session machine over the (lazily loaded) Supabase service. */
export function AppAuthProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider service={service} adminEmails={adminEmails}>
      {children}
    </AuthProvider>
  );
}
