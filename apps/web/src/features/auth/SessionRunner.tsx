import type { AuthContextValue } from '@pentland/auth-machine/react';
import { AuthSessionRunner } from '@pentland/auth-machine/react';
import { adminEmails, host, service } from './authDeps.ts';

/** The session machine over the app's Supabase service, reporting the auth context's value. */
export default function SessionRunner({ onChange }: { onChange: (value: AuthContextValue) => void }) {
  return <AuthSessionRunner service={service} host={host} adminEmails={adminEmails} onChange={onChange} />;
}
