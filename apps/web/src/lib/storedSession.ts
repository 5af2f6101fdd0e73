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

/**
 * Whether the address carries what supabase-js completes on start (detectSessionInUrl): a PKCE `code` (the sign-up
 * confirmation, the recovery link, a provider's return) or an implicit-flow token or error in the fragment.
 */
export function hasAuthRedirect(win: Window | undefined = globalThis.window): boolean {
  if (!win) return false;
  const query = new URLSearchParams(win.location.search);
  return (
    query.has('code') ||
    query.has('error_description') ||
    /(?:^#|&)(?:access_token|error_description)=/.test(win.location.hash)
  );
}
