// GET /functions/v1/health → { status: 'ok', time }. Runs unchanged on Supabase Edge (Deno) and locally (Node).
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
};

Deno.serve((req: Request): Response => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: cors });
  return new Response(JSON.stringify({ status: 'ok', time: new Date().toISOString() }), {
    headers: { ...cors, 'Content-Type': 'application/json' },
  });
});
