// The local backend's address and the Supabase CLI's well-known demo anon key (role anon, signed with the
// CLI's public demo secret). Public by design: it only works against a local development backend.
export const localBackendDefaults = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
};

/**
 * The seed (supabase/seed.sql) names its images at the default local backend, VITE_SUPABASE_URL above. A backend
 * started on another address (a test run's, a benchmark's) points them at itself, so that pages load them under the
 * site's Content-Security-Policy. `db` is the backend's database (`query(sql, params)`).
 */
export async function pointSeedImagesAt(db, backendUrl) {
  const from = localBackendDefaults.VITE_SUPABASE_URL;
  if (backendUrl === from) return;
  await db.query(`update public.articles set cover_image_url = replace(cover_image_url, $1, $2)`, [
    from,
    backendUrl,
  ]);
  await db.query(`update public.eboard_submissions set image_url = replace(image_url, $1, $2)`, [
    from,
    backendUrl,
  ]);
}
