// GET  /functions/v1/generate-article → { mode: 'ai' | 'offline', quota }            (signed-in users)
// POST /functions/v1/generate-article { topic, audience, tone, length, keywords, service }
//   → text/event-stream: `meta` { mode, quota }, then `delta` { text }…, then `done` { quota } or `error` { message, code }
// Drafts an article in Markdown. With AI_BASE_URL, AI_API_KEY and AI_MODEL set it streams from that
// OpenAI-compatible endpoint; otherwise the offline composer writes the draft from the inputs and the site's
// service content. Free accounts get ARTICLE_GENERATOR_MONTHLY_QUOTA generations a month (3 by default), counted
// in public.article_generations; premium (user_subscription_status(), asked as the caller) is unlimited.
import {
  composeOfflineDraft,
  generatorMessages,
  monthlyQuotaFrom,
  parseGeneratorInput,
  quotaReachedMessage,
  quotaStanding,
  type GeneratorQuota,
} from '@pentland/articles';
import { aiConfigFromEnv, AiError, corsHeaders, sseResponse, streamChat } from '../_shared/ai.ts';
import { caller, HttpError, type Caller } from '../_shared/http.ts';

const reply = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });

interface Backend {
  url: string;
  anonKey: string;
  serviceKey: string;
}

function backend(): Backend | null {
  const url = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  return url && anonKey && serviceKey ? { url, anonKey, serviceKey } : null;
}

/** user_subscription_status() called as the caller; no premium on any failure (spec §4). */
async function hasPremium(b: Backend, token: string): Promise<boolean> {
  try {
    const res = await fetch(`${b.url}/rest/v1/rpc/user_subscription_status`, {
      method: 'POST',
      headers: { apikey: b.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (!res.ok) return false;
    const status = (await res.json()) as { has_premium?: unknown };
    return status.has_premium === true;
  } catch {
    return false;
  }
}

async function serviceRpc<T>(b: Backend, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${b.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: b.serviceKey,
      Authorization: `Bearer ${b.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`${fn} failed: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

const monthlyQuota = () => monthlyQuotaFrom(Deno.env.get('ARTICLE_GENERATOR_MONTHLY_QUOTA'));

/** The offline draft in small pieces, as a model would stream it. */
async function* offlineStream(markdown: string, signal: AbortSignal): AsyncGenerator<string> {
  const delay = Number(Deno.env.get('OFFLINE_STREAM_DELAY_MS') ?? '8');
  for (const piece of markdown.match(/[\s\S]{1,48}(?=\s|$)|[\s\S]+?$/g) ?? [markdown]) {
    if (signal.aborted) return;
    yield piece;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  }
}

Deno.serve(async (req: Request): Promise<Response> => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'GET' && req.method !== 'POST')
    return reply({ error: 'Method not allowed', code: 'method' }, 405);
  const b = backend();
  if (!b) return reply({ error: 'The generator is not configured.', code: 'config' }, 500);
  let who: Caller | null;
  try {
    who = await caller(req);
  } catch (err) {
    if (err instanceof HttpError) return reply({ error: err.message, ...err.extra }, err.status);
    throw err;
  }
  if (!who) return reply({ error: 'Sign in to use the article generator.', code: 'unauthorized' }, 401);
  const { id: userId, token } = who;

  const ai = aiConfigFromEnv((name) => Deno.env.get(name));
  const mode = ai ? 'ai' : 'offline';
  const limit = monthlyQuota();
  const premium = await hasPremium(b, token);

  if (req.method === 'GET') {
    const used = await serviceRpc<number>(b, 'article_generations_used', { p_user: userId });
    return reply({ mode, quota: quotaStanding(used, limit, premium, new Date()) });
  }

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return reply({ error: 'The request body must be JSON.', code: 'invalid' }, 400);
  }
  const { input, errors } = parseGeneratorInput(body);
  const first = Object.values(errors)[0];
  if (first) return reply({ error: first, code: 'invalid', fields: errors }, 400);

  const claim = await serviceRpc<{ allowed: boolean; used: number; id: string | null }>(
    b,
    'claim_article_generation',
    {
      p_user: userId,
      p_limit: limit,
      p_premium: premium,
      p_mode: mode,
      p_topic: input.topic,
    },
  );
  if (!claim.allowed) {
    return reply(
      {
        error: quotaReachedMessage(limit),
        code: 'quota_reached',
        quota: quotaStanding(claim.used, limit, premium, new Date()),
      },
      429,
    );
  }
  const quota: GeneratorQuota = quotaStanding(claim.used, limit, premium, new Date());

  return sseResponse(async (send, signal) => {
    send('meta', { mode, quota, ...(ai ? { model: ai.model } : {}) });
    try {
      const pieces = ai
        ? streamChat(ai, generatorMessages(input), { signal, temperature: 0.7 })
        : offlineStream(composeOfflineDraft(input), signal);
      for await (const text of pieces) send('delta', { text });
      send('done', { quota });
    } catch (err) {
      // A draft the model failed to deliver is not counted; what arrived stays with the user.
      if (claim.id)
        await serviceRpc(b, 'release_article_generation', { p_id: claim.id }).catch(() => undefined);
      const message = err instanceof AiError ? err.message : 'The draft could not be generated.';
      send('error', {
        message,
        code: 'upstream',
        quota: quotaStanding(claim.used - 1, limit, premium, new Date()),
      });
    }
  });
});
