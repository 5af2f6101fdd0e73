import { carriesAuthRedirect } from '@pentland/auth-machine/address';
/** supabase-js keeps the session under `sb-<project ref>-auth-token` in localStorage. */
export const SESSION_KEY = /^sb-.+-auth-token$/;

/** Whether this browser holds a Supabase session (valid or not: supabase-js checks it once it loads). */
export function hasStoredSession(win: Window | undefined = globalThis.window): boolean {
  try {
    const storage = win?.localStorage;
    if (!storage) return false;
    for (let i = 0; i < storage.length; i++) if (SESSION_KEY.test(storage.key(i) ?? '')) return true;
  } catch {
    // Storage blocked (privacy settings): no session can have been stored.
  }
  return false;
}

/** Whether the address carries what supabase-js completes on start (detectSessionInUrl): see `carriesAuthRedirect`. */
export function hasAuthRedirect(win: Window | undefined = globalThis.window): boolean {
  return !!win && carriesAuthRedirect(win.location.search, win.location.hash);
}
