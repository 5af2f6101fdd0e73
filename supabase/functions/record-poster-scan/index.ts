// POST /functions/v1/record-poster-scan { poster_id, landing?, source?, visitor?, referrer? } → 202 { accepted: true }
// Records a QR-code scan of a poster for poster analytics. Anyone may call it (the QR code is public). It goes
// through public.record_poster_scan() with the anon key, exactly as the site's own call does, so the same rules
// hold: a visitor's repeat scans within 30 minutes count once, at most 60 scans a minute per poster, and a scan of
// an unknown poster is dropped silently — the answer is the same for a known and an unknown id, so nobody can use
// it to learn whether a private poster exists.
import { clientAddress, HttpError, readJson, reply, serve } from '../_shared/http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANDINGS = ['/qr-welcome', '/eboard-welcome', '/seaforth-darts-welcome', '/eboard-submissions'];

/** An optional string field of at most `max` characters; anything else is refused with the field's name. */
function optionalText(body: Record<string, unknown>, field: string, max: number): string | null {
  const v = body[field];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > max)
    throw new HttpError(400, `${field} must be text of at most ${max} characters`);
  return v;
}

/** Hex SHA-256 of a text. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

serve(async (req) => {
  const body = await readJson(req, 8 * 1024);
  if (typeof body.poster_id !== 'string' || !UUID.test(body.poster_id))
    throw new HttpError(400, 'poster_id must be a UUID');
  const landing = optionalText(body, 'landing', 100) ?? '/qr-welcome';
  if (!LANDINGS.includes(landing)) throw new HttpError(400, `landing must be one of ${LANDINGS.join(', ')}`);
  const args = {
    poster_id: body.poster_id,
    landing,
    source: optionalText(body, 'source', 100),
    // The visitor as this function tells them apart: the client address the platform reports with the browser's
    // random id. The database sees this function's own address, not the visitor's, so the address travels in the
    // visitor key — hashed here, so only a hash leaves the function (record_poster_scan() hashes it again, salted).
    visitor: await sha256(`${clientAddress(req)}|${optionalText(body, 'visitor', 100) ?? ''}`),
    referrer: optionalText(body, 'referrer', 500) ?? req.headers.get('referer')?.slice(0, 500) ?? null,
    user_agent: req.headers.get('user-agent')?.slice(0, 500) ?? null,
  };
  const url = Deno.env.get('SUPABASE_URL');
  const key = Deno.env.get('SUPABASE_ANON_KEY');
  if (!url || !key) throw new HttpError(500, 'The function is not configured');
  const res = await fetch(`${url}/rest/v1/rpc/record_poster_scan`, {
    method: 'POST',
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  await res.body?.cancel();
  if (!res.ok) {
    console.error(`record_poster_scan answered ${res.status}`);
    return reply({ error: 'The scan could not be recorded; please try again.' }, 502);
  }
  return reply({ accepted: true }, 202);
});
