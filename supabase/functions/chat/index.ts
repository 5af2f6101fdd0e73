// POST /functions/v1/chat { messages: [{ role: 'user' | 'assistant', content }] }   (anyone; the anon key)
//   → text/event-stream: `meta` { mode }, `delta` { text }…, `fallback` { message } if the model failed and the
//     offline answer follows, `sources` { links, answered }, `done` {}; or a JSON error: 400 (empty, over-long or
//     malformed question), 405, 413, 429 (rate limit).
// Answers visitors' questions from the site's own content (@pentland/chat over @pentland/site-data). With
// AI_BASE_URL, AI_API_KEY and AI_MODEL set it streams from that OpenAI-compatible endpoint, grounded on the
// passages the retriever finds; otherwise, or when the endpoint fails, the offline retriever answers with the best
// passages and links. Each client address, and each signed-in user, may ask chatLimits.perWindow questions per
// window (public.claim_chat_turn).
import {
  answerOffline,
  chatCopy,
  chatErrors,
  createRetriever,
  groundedMessages,
  parseChatRequest,
  pieces,
} from '@pentland/chat';
import { aiConfigFromEnv, sseResponse, streamChat } from '../_shared/ai.ts';
import { caller, clientAddress, HttpError, readJson, reply, rest, serve } from '../_shared/http.ts';

const retriever = createRetriever();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

serve(async (req: Request): Promise<Response> => {
  const body = await readJson(req, 32 * 1024);
  const parsed = parseChatRequest(body);
  if (!parsed.ok) return reply({ error: parsed.error }, 400);

  const user = await caller(req, { unverified: 'visitor' });
  const claim = await rest<boolean>('rpc/claim_chat_turn', {
    method: 'POST',
    body: { p_address: clientAddress(req), p_user: user?.id ?? null },
  });
  if (claim.error)
    throw new HttpError(503, 'The chat is unavailable just now; please try again, or phone us.');
  if (claim.data === false) return reply({ error: chatErrors.rateLimited }, 429);

  const config = aiConfigFromEnv((name) => Deno.env.get(name));
  const offline = answerOffline(retriever, parsed.question);
  const delay = Number(Deno.env.get('OFFLINE_STREAM_DELAY_MS') ?? 20);

  return sseResponse(async (send, signal) => {
    send('meta', { mode: config ? 'ai' : 'offline' });
    if (config) {
      try {
        const passages = retriever.search(parsed.question, 5).map((r) => r.passage);
        const messages = groundedMessages(parsed.turns, passages);
        for await (const text of streamChat(config, messages, { signal, temperature: 0.2, maxTokens: 400 }))
          send('delta', { text });
        send('sources', { links: offline.links, answered: offline.answered });
        send('done', {});
        return;
      } catch (err) {
        if (signal.aborted) return;
        console.error(
          'chat: AI endpoint failed, answering offline:',
          err instanceof Error ? err.message : err,
        );
        send('fallback', { message: chatCopy.fallbackNotice });
      }
    }
    // The offline answer arrives in pieces too, so the page reads it out the same way.
    for (const piece of pieces(offline.text)) {
      if (signal.aborted) return;
      send('delta', { text: piece });
      if (delay > 0) await sleep(delay);
    }
    send('sources', { links: offline.links, answered: offline.answered });
    send('done', {});
  });
});
