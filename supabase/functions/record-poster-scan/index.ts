// POST /functions/v1/record-poster-scan { poster_id, source? } → 201 { recorded: true }
// Records a QR-code scan of a poster for poster analytics. Anyone may call it (the QR code is public);
// it writes with the service role through the REST API, so it runs unchanged on Supabase Edge and locally.
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const reply = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...cors, 'Content-Type': 'application/json' } });

Deno.serve(async (req: Request): Promise<Response> => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: cors });
  if (req.method !== 'POST') return reply({ error: 'Method not allowed' }, 405);
  let input: { poster_id?: unknown; source?: unknown };
  try {
    input = await req.json();
  } catch {
    return reply({ error: 'Body must be JSON' }, 400);
  }
  if (typeof input?.poster_id !== 'string' || !UUID.test(input.poster_id)) return reply({ error: 'poster_id must be a UUID' }, 400);
  const source = typeof input.source === 'string' ? input.source.slice(0, 100) : null;
  const url = Deno.env.get('SUPABASE_URL');
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) return reply({ error: 'Function is not configured' }, 500);
  const res = await fetch(`${url}/rest/v1/poster_scans`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify({
      poster_id: input.poster_id,
      source,
      user_agent: req.headers.get('user-agent')?.slice(0, 300) ?? null,
      referrer: req.headers.get('referer')?.slice(0, 500) ?? null,
    }),
  });
  if (res.status === 409 || res.status === 400) return reply({ error: 'Unknown poster' }, 404);
  if (!res.ok) return reply({ error: 'Could not record the scan' }, 502);
  return reply({ recorded: true }, 201);
});
