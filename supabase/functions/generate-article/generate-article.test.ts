// The generate-article server function through the local backend: offline composer, streaming from an
// OpenAI-compatible stub, upstream failures, and the monthly quota counted server-side.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseGeneratedDraft } from '@pentland/articles';
import { aiConfigFromEnv, AiError, sseData, streamChat } from '../_shared/ai.ts';
import {
  anonClient,
  signedIn,
  startOpenAiStub,
  startTestBackend,
  type OpenAiStub,
  type SignedInUser,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let stub: OpenAiStub;

beforeAll(async () => {
  b = await startTestBackend();
  stub = await startOpenAiStub();
  process.env.OFFLINE_STREAM_DELAY_MS = '0';
});
afterAll(async () => {
  await stub?.close();
  await b?.stop();
});
afterEach(() => {
  for (const k of [
    'AI_BASE_URL',
    'AI_API_KEY',
    'AI_MODEL',
    'AI_TIMEOUT_MS',
    'ARTICLE_GENERATOR_MONTHLY_QUOTA',
  ])
    delete process.env[k];
});

function useStub() {
  process.env.AI_BASE_URL = stub.url;
  process.env.AI_API_KEY = 'sk-test';
  process.env.AI_MODEL = 'stub-model';
}

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

async function generate(
  token: string,
  body: unknown,
): Promise<{ status: number; events: SseEvent[]; json?: Record<string, unknown> }> {
  const res = await fetch(`${b.url}/functions/v1/generate-article`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: b.anonKey, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { status: res.status, events: [], json: (await res.json()) as Record<string, unknown> };
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });
  return { status: res.status, events };
}

const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
const used = async (user: SignedInUser) =>
  (
    await b.db.query('select count(*)::int as n from public.article_generations where user_id = $1', [
      user.id,
    ])
  ).rows[0] as { n: number };

/** Gives a user an active premium subscription (what only the service role may write). */
const makePremium = async (backend: TestBackend, user: SignedInUser) =>
  backend.db.query(
    `insert into public.subscriptions (user_id, status, current_period_end) values ($1, 'active', now() + interval '30 days')`,
    [user.id],
  );

async function status(token: string) {
  const res = await fetch(`${b.url}/functions/v1/generate-article`, {
    headers: { Authorization: `Bearer ${token}`, apikey: b.anonKey },
  });
  return {
    status: res.status,
    body: (await res.json()) as { mode?: string; quota?: Record<string, unknown> },
  };
}

describe('generate-article', () => {
  it('writes a structured draft offline when no AI endpoint is configured', async () => {
    const u = await signedIn(b);
    expect((await status(u.token)).body).toMatchObject({
      mode: 'offline',
      quota: { premium: false, used: 0, limit: 3, remaining: 3 },
    });
    const r = await generate(u.token, {
      topic: 'Backups for a Thurso office',
      service: 'cloud-infrastructure',
      length: 'short',
      keywords: ['restore'],
    });
    expect(r.status).toBe(200);
    expect(r.events[0]).toMatchObject({ event: 'meta', data: { mode: 'offline', quota: { remaining: 2 } } });
    expect(r.events.at(-1)).toMatchObject({ event: 'done' });
    expect(r.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(5);
    const draft = parseGeneratedDraft(textOf(r.events));
    expect(draft.title).toBe('Backups for a Thurso office: a practical guide with Cloud Infrastructure');
    expect(draft.body).toMatch(/^## Conclusion$/m);
    expect(draft.body).toMatch(/^- Azure and AWS landing zones built to best practice$/m);
    expect(draft.metaDescription).toBeTruthy();
    expect((await used(u)).n).toBe(1);
  });

  it('streams from an OpenAI-compatible endpoint, relaying each piece', async () => {
    useStub();
    stub.behave({
      kind: 'stream',
      pieces: [
        '# Cloud',
        ' costs\n\nIntro ',
        'text.\n\n## Why\n\n- a\n\nMeta description: ',
        'Costs explained.',
      ],
    });
    const u = await signedIn(b);
    expect((await status(u.token)).body.mode).toBe('ai');
    const r = await generate(u.token, { topic: 'Cloud costs', tone: 'Friendly', keywords: 'finops' });
    expect(r.events[0]).toMatchObject({ event: 'meta', data: { mode: 'ai', model: 'stub-model' } });
    expect(r.events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual([
      '# Cloud',
      ' costs\n\nIntro ',
      'text.\n\n## Why\n\n- a\n\nMeta description: ',
      'Costs explained.',
    ]);
    expect(r.events.at(-1)!.event).toBe('done');
    const sent = stub.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'stub-model', stream: true });
    expect(JSON.stringify(sent.body.messages)).toMatch(/Topic: Cloud costs.*Tone: Friendly.*finops/s);
    expect(parseGeneratedDraft(textOf(r.events))).toMatchObject({
      title: 'Cloud costs',
      metaDescription: 'Costs explained.',
    });
  });

  it('keeps the partial draft and reports the error when the endpoint breaks off or stalls; the try is not counted', async () => {
    useStub();
    const u = await signedIn(b);
    stub.behave({ kind: 'break', pieces: ['# Partial\n\n', 'Some text'] });
    const broken = await generate(u.token, { topic: 'Broken stream' });
    expect(textOf(broken.events)).toBe('# Partial\n\nSome text');
    expect(broken.events.at(-1)).toMatchObject({
      event: 'error',
      data: { code: 'upstream', message: 'The connection to the AI service broke off.' },
    });

    process.env.AI_TIMEOUT_MS = '300';
    stub.behave({ kind: 'stall', pieces: ['# Slow\n\n'] });
    const stalled = await generate(u.token, { topic: 'Stalled stream' });
    expect(textOf(stalled.events)).toBe('# Slow\n\n');
    expect(stalled.events.at(-1)).toMatchObject({
      event: 'error',
      data: { message: 'The AI service stopped answering for 0 s.' },
    });

    stub.behave({ kind: 'status', status: 503, message: 'overloaded' });
    const refused = await generate(u.token, { topic: 'Refused' });
    expect(refused.events.at(-1)).toMatchObject({
      event: 'error',
      data: { message: 'The AI service answered 503: overloaded.' },
    });
    expect((await used(u)).n).toBe(0);
  });

  it('refuses a missing or blank topic and bad JSON, counting nothing', async () => {
    const u = await signedIn(b);
    expect(await generate(u.token, {})).toMatchObject({
      status: 400,
      json: { code: 'invalid', error: 'Enter a topic for the article.' },
    });
    expect(await generate(u.token, { topic: '   ' })).toMatchObject({
      status: 400,
      json: { code: 'invalid' },
    });
    expect(await generate(u.token, '{not json')).toMatchObject({
      status: 400,
      json: { error: 'The request body must be JSON.' },
    });
    expect(await generate(u.token, { topic: 'ok', service: 'space-travel' })).toMatchObject({
      status: 400,
      json: { fields: { service: 'Choose a service from the list.' } },
    });
    expect((await used(u)).n).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect(await generate(b.anonKey, { topic: 'x' })).toMatchObject({
      status: 401,
      json: { code: 'unauthorized' },
    });
    expect((await status(b.anonKey)).status).toBe(401);
    const res = await fetch(`${b.url}/functions/v1/generate-article`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });

  it('enforces the monthly quota server-side (3 by default); direct calls past it are refused', async () => {
    const u = await signedIn(b);
    for (let i = 1; i <= 3; i++) expect((await generate(u.token, { topic: `Topic ${i}` })).status).toBe(200);
    const refused = await generate(u.token, { topic: 'Topic 4' });
    expect(refused).toMatchObject({
      status: 429,
      json: { code: 'quota_reached', quota: { used: 3, remaining: 0, limit: 3 } },
    });
    expect(refused.json!.error).toMatch(/used your 3 free article generations this month/);
    expect((await used(u)).n).toBe(3);
    expect((await status(u.token)).body.quota).toMatchObject({ remaining: 0 });
    // Users can read but never write the count.
    const del = await u.client.from('article_generations').delete().eq('user_id', u.id).select();
    expect(del.data ?? []).toEqual([]);
    const ins = await u.client
      .from('article_generations')
      .insert({ user_id: u.id, mode: 'offline', topic: 'x' });
    expect(ins.error).not.toBeNull();
    const claim = await u.client.rpc('claim_article_generation', {
      p_user: u.id,
      p_limit: 100,
      p_premium: true,
      p_mode: 'offline',
      p_topic: 'x',
    });
    expect(claim.error).not.toBeNull();
    expect((await u.client.from('article_generations').select('topic')).data).toHaveLength(3);
    expect((await anonClient(b).from('article_generations').select('id')).data).toEqual([]);
    // Last month's generations do not count.
    await b.db.query(
      `update public.article_generations set created_at = created_at - interval '40 days' where user_id = $1`,
      [u.id],
    );
    expect((await generate(u.token, { topic: 'New month' })).status).toBe(200);
  });

  it('follows a configured quota', async () => {
    process.env.ARTICLE_GENERATOR_MONTHLY_QUOTA = '1';
    const u = await signedIn(b);
    expect((await generate(u.token, { topic: 'One' })).status).toBe(200);
    expect(await generate(u.token, { topic: 'Two' })).toMatchObject({
      status: 429,
      json: { quota: { limit: 1 } },
    });
  });

  it('premium users are unlimited', async () => {
    process.env.ARTICLE_GENERATOR_MONTHLY_QUOTA = '1';
    const u = await signedIn(b);
    await makePremium(b, u);
    for (let i = 0; i < 3; i++) {
      const r = await generate(u.token, { topic: `Premium ${i}` });
      expect(r.events[0]).toMatchObject({
        event: 'meta',
        data: { quota: { premium: true, remaining: null } },
      });
    }
    expect((await status(u.token)).body.quota).toMatchObject({ premium: true, used: 3, limit: null });
  });
});

describe('the OpenAI-compatible client (_shared/ai.ts)', () => {
  it('is configured only when all three variables are set', () => {
    expect(aiConfigFromEnv(() => undefined)).toBeNull();
    const env: Record<string, string> = { AI_BASE_URL: 'http://h/v1/', AI_API_KEY: 'k', AI_MODEL: 'm' };
    expect(aiConfigFromEnv((k) => env[k])).toEqual({
      baseUrl: 'http://h/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 30_000,
    });
    expect(aiConfigFromEnv((k) => (k === 'AI_MODEL' ? undefined : env[k]))).toBeNull();
  });

  it('yields pieces as they arrive, before the stream ends', async () => {
    stub.behave({ kind: 'stream', pieces: ['one', 'two', 'three'], delayMs: 150 });
    const arrivals: [string, number][] = [];
    const start = Date.now();
    for await (const piece of streamChat({ baseUrl: stub.url, apiKey: 'k', model: 'm', timeoutMs: 5000 }, [
      { role: 'user', content: 'hi' },
    ]))
      arrivals.push([piece, Date.now() - start]);
    expect(arrivals.map(([p]) => p)).toEqual(['one', 'two', 'three']);
    // 'one' arrives while the server is still waiting to send 'two' and 'three'.
    expect(arrivals[2]![1] - arrivals[0]![1]).toBeGreaterThanOrEqual(250);
  });

  it('stops the upstream request when cancelled', async () => {
    stub.behave({ kind: 'stall', pieces: ['a'] });
    const controller = new AbortController();
    const run = (async () => {
      for await (const _ of streamChat(
        { baseUrl: stub.url, apiKey: 'k', model: 'm', timeoutMs: 10_000 },
        [],
        { signal: controller.signal },
      ))
        controller.abort();
    })();
    await expect(run).rejects.toEqual(new AiError('The generation was cancelled.'));
  });

  it('parses SSE data lines split across chunks', async () => {
    const parts = [
      'data: {"a"',
      ':1}\r\n\r\n: comment\n',
      'event: x\ndata: line1\ndata: line2\n\ndata: [DONE]\n\n',
    ];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });
    const out: string[] = [];
    for await (const d of sseData(body)) out.push(d);
    expect(out).toEqual(['{"a":1}', 'line1\nline2', '[DONE]']);
  });
});
