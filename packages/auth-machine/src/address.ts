// What an address says about authentication, with no imports: the web app's entry reads it before any app code loads.

/**
 * Whether a page's address carries what the auth server's redirect brings back (which supabase-js completes on
 * start): a PKCE `code` or an error in the query, or an implicit-flow token or error in the fragment.
 */
export function carriesAuthRedirect(search: string, hash: string): boolean {
  const query = new URLSearchParams(search);
  return (
    query.has('code') ||
    query.has('error') ||
    query.has('error_description') ||
    /(?:^#|&)(?:access_token|error_description)=/.test(hash)
  );
}
