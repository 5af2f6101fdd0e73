// GET  /functions/v1/generate-article → { mode: 'ai' | 'offline', quota }            (signed-in users)
// POST /functions/v1/generate-article { topic, audience, tone, length, keywords, service, notes }
//   → text/event-stream: `meta` { mode, quota, sources }, then `delta` { text }…, then `checked` { markdown,
//     findings, summary } and `done` { quota }, or `error` { message, code }
// Drafts an article in Markdown, grounded on the site's own passages (the chat's knowledge of services, prices,
// hours, location and FAQs) and the author's notes, each section citing its sources as links. With AI_BASE_URL,
// AI_API_KEY and AI_MODEL set it streams from that OpenAI-compatible endpoint; otherwise the offline composer
// writes the draft from those passages. The finished draft's prices, phone numbers, e-mail addresses, hours and
// service names are then checked against site-data: `checked` carries the corrected draft and what was found. Free accounts get ARTICLE_GENERATOR_MONTHLY_QUOTA generations a month (3 by default), counted
// in public.article_generations; premium (user_subscription_status(), asked as the caller) is unlimited.
import { createRetriever, knowledgePassages } from '@pentland/chat';
import {
  checkFacts,
  composeOfflineDraft,
  draftSources,
  factCheckSummary,
  generatorMessages,
  monthlyQuotaFrom,
  parseGeneratorInput,
  quotaReachedMessage,
  quotaStanding,
  type GeneratorQuota,
} from '@pentland/articles';
import { aiConfigFromEnv, AiError, sseResponse, streamChat } from '../_shared/ai.ts';
import { caller, reply, rest, serve } from '../_shared/http.ts';
import { callerHasPremium } from '../_shared/premium.ts';

/** A database function called with the service role; its failure is the server's (a 500 without details). */
async function serviceRpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await rest<T>(`rpc/${fn}`, { method: 'POST', body: args });
  if (error) throw new Error(`${fn} failed: ${error.status} ${error.message ?? ''}`);
  return data as T;
}

const passages = knowledgePassages();
const retriever = createRetriever(passages);
const site = { passages, search: (query: string, limit?: number) => retriever.search(query, limit) };

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

serve(async (req: Request): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'POST')
    return reply({ error: 'Method not allowed', code: 'method' }, 405);
  const who = await caller(req);
  if (!who) return reply({ error: 'Sign in to use the article generator.', code: 'unauthorized' }, 401);
  const userId = who.id;

  const ai = aiConfigFromEnv((name) => Deno.env.get(name));
  const mode = ai ? 'ai' : 'offline';
  const limit = monthlyQuota();
  const premium = await callerHasPremium(who);

  if (req.method === 'GET') {
    const used = await serviceRpc<number>('article_generations_used', { p_user: userId });
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

  const sources = draftSources(input, site);
  return sseResponse(async (send, signal) => {
    send('meta', {
      mode,
      quota,
      sources: sources.map((s) => ({ title: s.title, link: s.link })),
      ...(ai ? { model: ai.model } : {}),
    });
    try {
      const pieces = ai
        ? streamChat(ai, generatorMessages(input, sources), { signal, temperature: 0.7 })
        : offlineStream(composeOfflineDraft(input, sources), signal);
      let draft = '';
      for await (const text of pieces) {
        draft += text;
        send('delta', { text });
      }
      const { markdown, findings } = checkFacts(draft);
      send('checked', { markdown, findings, summary: factCheckSummary(findings) });
      send('done', { quota });
    } catch (err) {
      // A draft the model failed to deliver is not counted; what arrived stays with the user.
      if (claim.id) await serviceRpc('release_article_generation', { p_id: claim.id }).catch(() => undefined);
      const message = err instanceof AiError ? err.message : 'The draft could not be generated.';
      send('error', {
        message,
        code: 'upstream',
        quota: quotaStanding(claim.used - 1, limit, premium, new Date()),
      });
    }
  });
});
