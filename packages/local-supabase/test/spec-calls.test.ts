/**
 * The article and permission calls a site makes through supabase-js, exactly as written: the two permission RPCs
 * and the article read/update. (The storage upload/remove calls are in storage.test.ts.)
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt.ts';
import {
  anonClient,
  createTestClient,
  makeUser,
  startTestBackend,
  type TestBackend,
  type TestUser,
} from './helpers.ts';

let b: TestBackend;
let user: TestUser;
let other: TestUser;
let admin: TestUser;
let anon: SupabaseClient;
let articleId: string;

/** The product's premium lookup: the RPC's answer, or no premium and an empty list on any failure. */
async function premiumOf(
  client: SupabaseClient,
): Promise<{ has_premium: boolean; subscriptions: unknown[] }> {
  const { data, error } = await client.rpc('user_subscription_status');
  if (error || !data) return { has_premium: false, subscriptions: [] };
  return data as { has_premium: boolean; subscriptions: unknown[] };
}

beforeAll(async () => {
  b = await startTestBackend();
  user = await makeUser(b, { meta: { full_name: 'Spec User' } });
  other = await makeUser(b);
  admin = await makeUser(b, { admin: true });
  anon = anonClient(b);
  const r = await b.db.query<{ id: string }>(
    `insert into public.articles (author_id, title, slug, content, status, published_at)
     values ($1, 'Spec article', 'spec-article', 'Body', 'published', now() - interval '1 hour') returning id`,
    [user.id],
  );
  articleId = r.rows[0]!.id;
});
afterAll(async () => {
  await b?.stop();
});

describe('user_subscription_status', () => {
  it('no subscription: no premium and an empty list', async () => {
    expect(await user.client.rpc('user_subscription_status')).toMatchObject({
      error: null,
      data: { has_premium: false, subscriptions: [] },
    });
    expect((await anon.rpc('user_subscription_status')).data).toEqual({
      has_premium: false,
      subscriptions: [],
    });
  });

  it('an active subscription gives premium and lists it; someone else’s does not count', async () => {
    await b.db.query(
      `insert into public.subscriptions (user_id, plan, status, current_period_end) values ($1, 'premium', 'active', now() + interval '30 days')`,
      [user.id],
    );
    const mine = await premiumOf(user.client);
    expect(mine.has_premium).toBe(true);
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.subscriptions[0]).toMatchObject({ status: 'active' });
    expect(await premiumOf(other.client)).toEqual({ has_premium: false, subscriptions: [] });
  });

  it('a failing call (expired token) is an error, so the product falls back to no premium', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt(
      { sub: user.id, role: 'authenticated', aud: 'authenticated', exp: now - 60 },
      b.config.jwtSecret,
    );
    const client = createTestClient(b.url, b.anonKey, expired);
    const raw = await client.rpc('user_subscription_status');
    expect(raw.error).not.toBeNull();
    expect(raw.status).toBe(401);
    expect(await premiumOf(client)).toEqual({ has_premium: false, subscriptions: [] });
  });
});

describe('is_admin', () => {
  it('true for an admin, false for a user and for anon', async () => {
    expect(await admin.client.rpc('is_admin')).toMatchObject({ data: true, error: null });
    expect(await user.client.rpc('is_admin')).toMatchObject({ data: false, error: null });
    expect(await anon.rpc('is_admin')).toMatchObject({ data: false, error: null });
  });
});

describe('articles: read one and update', () => {
  it('reads all fields of one article by id as a single row; a failure returns nothing', async () => {
    const { data, error } = await anon.from('articles').select('*').eq('id', articleId).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: articleId,
      title: 'Spec article',
      status: 'published',
      author_id: user.id,
    });
    expect(Object.keys(data as object)).toEqual(
      expect.arrayContaining(['updated_at', 'cover_image_url', 'created_at']),
    );
    const missing = await anon
      .from('articles')
      .select('*')
      .eq('id', '00000000-0000-4000-a000-00000000dead')
      .single();
    expect(missing.data).toBeNull();
    expect(missing.error?.code).toBe('PGRST116');
  });

  it('update sends the changed fields plus updated_at, returns the row, and updated_at moves on', async () => {
    const before = (await anon.from('articles').select('updated_at').eq('id', articleId).single()).data as {
      updated_at: string;
    };
    await new Promise((r) => setTimeout(r, 20));
    const { data, error } = await user.client
      .from('articles')
      .update({ title: 'Spec article, edited', updated_at: new Date().toISOString() })
      .eq('id', articleId)
      .select()
      .single();
    expect(error).toBeNull();
    const row = data as { title: string; updated_at: string };
    expect(row.title).toBe('Spec article, edited');
    expect(new Date(row.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    const stored = await b.db.query<{ t: string }>(
      'select updated_at::text as t from public.articles where id = $1',
      [articleId],
    );
    expect(new Date(stored.rows[0]!.t).getTime()).toBe(new Date(row.updated_at).getTime());
  });

  it('updated_at is set by the trigger even when the client sends an old value', async () => {
    const { data } = await user.client
      .from('articles')
      .update({ excerpt: 'Trigger check', updated_at: '2000-01-01T00:00:00Z' })
      .eq('id', articleId)
      .select('updated_at')
      .single();
    expect(new Date((data as { updated_at: string }).updated_at).getFullYear()).toBeGreaterThan(2020);
  });

  it('a failed update (not the author) is an error for the caller and changes nothing', async () => {
    const { data, error } = await other.client
      .from('articles')
      .update({ title: 'Hijacked', updated_at: new Date().toISOString() })
      .eq('id', articleId)
      .select()
      .single();
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    const stored = await b.db.query<{ title: string }>('select title from public.articles where id = $1', [
      articleId,
    ]);
    expect(stored.rows[0]!.title).toBe('Spec article, edited');
  });
});
