// The generate-article server function through the local backend: offline composer, streaming from an
// OpenAI-compatible stub, upstream failures, and the monthly quota counted server-side.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkFacts, parseGeneratedDraft, type FactFinding } from '@pentland/articles';
import { contact, serviceBySlug, services } from '@pentland/site-data';
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
    expect((r.events[0]!.data.sources as { title: string }[]).slice(0, 2)).toEqual([
      {
        title: 'Cloud Infrastructure',
        link: { label: 'Cloud Infrastructure', to: '/services/cloud-infrastructure' },
      },
      {
        title: 'Cloud Infrastructure prices',
        link: { label: 'Cloud Infrastructure', to: '/services/cloud-infrastructure' },
      },
    ]);
    expect(r.events.at(-2)).toMatchObject({ event: 'checked', data: { markdown: textOf(r.events) } });
    expect(r.events.at(-1)).toMatchObject({ event: 'done' });
    expect(r.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(5);
    const draft = parseGeneratedDraft(textOf(r.events));
    expect(draft.title).toBe('Backups for a Thurso office');
    expect(draft.body).toMatch(/^Sources: \[Cloud Infrastructure\]\(\/services\/cloud-infrastructure\)$/m);
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

// Thirty requests an author might make: each service, prices, contact details, hours and location, and things the
// company does not sell. Offline and through the model stub, every price, phone number, e-mail address, opening
// hour and service name in the draft the author receives must be the site's.
const prompts: { topic: string; service?: string; keywords?: string[]; offered?: false }[] = [
  { topic: 'Moving a Thurso office to the cloud', service: 'cloud-infrastructure' },
  { topic: 'How much does cloud migration cost?', service: 'cloud-infrastructure' },
  { topic: 'Disaster recovery for a Highland hotel', keywords: ['backup', 'restore'] },
  { topic: 'Replacing spreadsheets with Dynamics 365', service: 'dynamics-365' },
  { topic: 'Dynamics 365 prices for a small sales team', service: 'dynamics-365' },
  { topic: 'Business Central for a Caithness distillery', keywords: ['finance'] },
  { topic: 'A new website for a Wick guest house', service: 'web-development' },
  { topic: 'How much does a new website cost?' },
  { topic: 'Online booking for a holiday let', keywords: ['website'] },
  { topic: 'AI assistants for answering customer e-mails', service: 'ai-solutions' },
  { topic: 'What does an AI readiness workshop cost?', service: 'ai-solutions' },
  { topic: 'Choosing a domain name and business e-mail', service: 'domain-hosting' },
  { topic: 'UK hosting and SSL for a charity website', keywords: ['hosting'] },
  { topic: 'Social media for a Thurso café', service: 'social-marketing' },
  { topic: 'Instagram and Facebook advertising costs', keywords: ['social media'] },
  { topic: 'A promotional film with drone footage', service: 'video-services' },
  { topic: 'Live streaming a community event', keywords: ['video'] },
  { topic: 'Keeping an IT project on time and budget', service: 'project-management' },
  { topic: 'Project management prices for a system upgrade', service: 'project-management' },
  { topic: 'A gaming PC tune-up before a LAN party', service: 'gaming-setup' },
  { topic: 'IT support for a ten-person office', service: 'support-training' },
  { topic: 'Cyber security training for staff', keywords: ['training', 'support'] },
  { topic: 'How to reach Pentland Cloud by phone or e-mail', keywords: ['contact'] },
  { topic: 'When is the Pentland Cloud office open?', keywords: ['opening hours'] },
  { topic: 'IT help across Caithness and Sutherland', keywords: ['location'] },
  { topic: 'Paying for IT services by invoice', keywords: ['payment'] },
  { topic: 'Booking a free consultation', keywords: ['consultation'] },
  { topic: 'Printer leasing prices', offered: false },
  { topic: 'Mobile phone contract costs for a fleet', offered: false },
  { topic: 'How much does office furniture cost?', offered: false },
];

/** A model's answer with the slips models make: a wrong price, number, address and hours. */
function sloppyAnswer(topic: string, service: string | undefined): string[] {
  const s = serviceBySlug(service ?? '') ?? services[0]!;
  return [
    `# ${topic}\n\n`,
    `An introduction for busy people.\n\n## What it costs\n\n${s.title} starts at £${s.fromPrice + 1}. `,
    `Our ${s.title} service is popular.\n\nSources: [${s.title}](/services/${s.slug})\n\n`,
    '## Getting in touch\n\nCall us on 01847 555 123 or e-mail info@pentlandcloud.co.uk. ',
    'Our office is open 8am to 6pm, Monday to Saturday.\n\n## Conclusion\n\nBook a consultation.\n\n',
    `Meta description: ${topic}.`,
  ];
}

describe('grounded drafts: thirty prompts, every fact the site’s', () => {
  async function draftFor(token: string, p: (typeof prompts)[number]) {
    const r = await generate(token, {
      topic: p.topic,
      service: p.service ?? null,
      keywords: p.keywords ?? [],
    });
    expect(r.status, p.topic).toBe(200);
    const checked = r.events.find((e) => e.event === 'checked')?.data as {
      markdown: string;
      findings: FactFinding[];
    };
    expect(checked, p.topic).toBeTruthy();
    return { streamed: textOf(r.events), checked };
  }

  const score = (drafts: string[]) => {
    const findings = drafts.flatMap((md) => checkFacts(md).findings);
    const right = findings.filter((f) => f.status === 'right').length;
    return { facts: findings.length, right, wrong: findings.filter((f) => f.status !== 'right') };
  };

  it('offline: grounded, cited and right, and honest about what the company does not sell', async () => {
    process.env.ARTICLE_GENERATOR_MONTHLY_QUOTA = '100';
    const u = await signedIn(b);
    const drafts: string[] = [];
    for (const p of prompts) {
      const { streamed, checked } = await draftFor(u.token, p);
      // The offline composer writes only what the site says: nothing to correct.
      expect(checked.markdown, p.topic).toBe(streamed);
      expect(streamed, p.topic).toMatch(/^Sources: \[.+\]\(\/[^)]*\)/m);
      expect(streamed, p.topic).not.toMatch(/worth discussing with your provider|a practical guide with/);
      if (p.offered === false) {
        expect(streamed, p.topic).toMatch(
          /Pentland Cloud does not offer .+, so this article does not quote prices/,
        );
        expect(streamed, p.topic).not.toMatch(/£/);
      }
      drafts.push(checked.markdown);
    }
    const { facts, right, wrong } = score(drafts);
    console.log(`offline: ${right} of ${facts} facts right in ${prompts.length} drafts`);
    expect(wrong).toEqual([]);
    expect(facts).toBeGreaterThan(100);
  });

  it('through an OpenAI-compatible model: grounded on the site’s passages, and its slips corrected', async () => {
    process.env.ARTICLE_GENERATOR_MONTHLY_QUOTA = '100';
    useStub();
    const u = await signedIn(b);
    const drafts: string[] = [];
    let slips = 0;
    for (const p of prompts) {
      stub.behave({ kind: 'stream', pieces: sloppyAnswer(p.topic, p.service) });
      const { streamed, checked } = await draftFor(u.token, p);
      const user = (stub.requests.at(-1)!.body.messages as { role: string; content: string }[])[1]!.content;
      expect(user, p.topic).toMatch(/^Sources:\n\[1\] /m);
      expect(user, p.topic).toContain('[Request a consultation](/consultation-request)');
      slips += checkFacts(streamed).findings.filter((f) => f.status !== 'right').length;
      expect(checked.markdown, p.topic).toContain(contact.phone);
      expect(checked.markdown, p.topic).toContain(contact.email);
      drafts.push(checked.markdown);
    }
    const { facts, right, wrong } = score(drafts);
    console.log(
      `model stub: ${slips} slips corrected; ${right} of ${facts} facts right in ${prompts.length} drafts`,
    );
    expect(slips).toBeGreaterThanOrEqual(prompts.length * 5);
    expect(wrong).toEqual([]);
  });
});
