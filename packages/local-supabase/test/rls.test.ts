/**
 * The RLS matrix: for every table, anon / owner / other user / admin × read / insert / update / delete,
 * through supabase-js; each cell gets a fresh fixture row and is checked against the database directly.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, makeUser, startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

type Actor = 'anon' | 'owner' | 'other' | 'admin';
type Op = 'read' | 'insert' | 'update' | 'delete';
const ACTORS: Actor[] = ['anon', 'owner', 'other', 'admin'];

interface Ctx {
  b: TestBackend;
  owner: TestUser;
  actor: Actor;
  actorUser: TestUser | null;
}

interface TableCase {
  table: string;
  key: string;
  /** Creates a row owned by ctx.owner (as the database owner) and returns its key. */
  fixture(ctx: Ctx): Promise<string>;
  /** The row ctx.actor tries to insert, as itself. */
  insert(ctx: Ctx): Promise<Record<string, unknown>>;
  patch: Record<string, unknown>;
  /** Expected outcome per op, in the order anon, owner, other, admin ('T' allowed, 'F' refused). */
  expect: Record<Op, string>;
  /** The owner is an admin for this table (admin_users). */
  ownerIsAdmin?: boolean;
}

const one = async (b: TestBackend, sql: string, params: unknown[]): Promise<string> =>
  String(Object.values((await b.db.query<Record<string, unknown>>(sql, params)).rows[0]!)[0]);

const CASES: TableCase[] = [
  {
    table: 'profiles',
    key: 'id',
    fixture: async ({ owner }) => owner.id,
    insert: async ({ b, actorUser }) => {
      if (!actorUser) return { id: randomUUID(), full_name: 'anon' };
      await b.db.query('delete from public.profiles where id = $1', [actorUser.id]);
      return { id: actorUser.id, full_name: 'again' };
    },
    patch: { full_name: 'Changed Name' },
    expect: { read: 'TTTT', insert: 'FTTT', update: 'FTFT', delete: 'FFFT' },
  },
  {
    table: 'admin_users',
    key: 'user_id',
    ownerIsAdmin: true,
    fixture: async ({ owner }) => owner.id,
    insert: async ({ b }) => ({ user_id: (await b.createUser()).id }),
    patch: { created_at: new Date(0).toISOString() },
    expect: { read: 'FTFT', insert: 'FTFT', update: 'FFFF', delete: 'FTFT' },
  },
  {
    table: 'articles',
    key: 'id',
    fixture: ({ b, owner }) =>
      one(b, `insert into public.articles (author_id, title, slug) values ($1, 'Draft', $2) returning id`, [
        owner.id,
        `d-${randomUUID().slice(0, 8)}`,
      ]),
    insert: async ({ actorUser }) => ({
      title: 'New article',
      slug: `n-${randomUUID().slice(0, 8)}`,
      ...(actorUser ? { author_id: actorUser.id } : {}),
    }),
    patch: { title: 'Changed title' },
    expect: { read: 'FTFT', insert: 'FTTT', update: 'FTFT', delete: 'FTFT' },
  },
  {
    table: 'consultation_services',
    key: 'id',
    fixture: ({ b }) =>
      one(
        b,
        `insert into public.consultation_services (slug, name, is_active) values ($1, $1, false) returning id`,
        [`s-${randomUUID().slice(0, 8)}`],
      ),
    insert: async () => ({ slug: `s-${randomUUID().slice(0, 8)}`, name: `Service ${randomUUID()}` }),
    patch: { description: 'changed' },
    expect: { read: 'FFFT', insert: 'FFFT', update: 'FFFT', delete: 'FFFT' },
  },
  {
    table: 'consultations',
    key: 'id',
    fixture: ({ b, owner }) =>
      one(
        b,
        `insert into public.consultations (user_id, name, email) values ($1, 'Owner', 'o@example.test') returning id`,
        [owner.id],
      ),
    insert: async ({ actorUser }) => ({
      name: 'Asker',
      email: 'ask@example.test',
      ...(actorUser ? { user_id: actorUser.id } : {}),
    }),
    patch: { status: 'contacted' },
    expect: { read: 'FTFT', insert: 'FFFF', update: 'FFFT', delete: 'FFFT' },
  },
  {
    table: 'contact_messages',
    key: 'id',
    fixture: ({ b, owner }) =>
      one(
        b,
        `insert into public.contact_messages (user_id, name, email, message) values ($1, 'Owner', 'o@example.test', 'Hi') returning id`,
        [owner.id],
      ),
    insert: async ({ actorUser }) => ({
      name: 'Sender',
      email: 's@example.test',
      message: 'Hello',
      ...(actorUser ? { user_id: actorUser.id } : {}),
    }),
    patch: { status: 'contacted' },
    expect: { read: 'FTFT', insert: 'FFFF', update: 'FFFT', delete: 'FFFT' },
  },
  {
    table: 'eboard_submissions',
    key: 'id',
    fixture: ({ b, owner }) =>
      one(
        b,
        `insert into public.eboard_submissions (user_id, title) values ($1, 'Pending entry') returning id`,
        [owner.id],
      ),
    insert: async ({ actorUser }) => ({ title: 'An entry', ...(actorUser ? { user_id: actorUser.id } : {}) }),
    patch: { status: 'approved' },
    // Deleting goes through moderate-eboard, which removes the entry's image first.
    expect: { read: 'FTFT', insert: 'FFFF', update: 'FFFT', delete: 'FFFF' },
  },
  {
    table: 'posters',
    key: 'id',
    fixture: ({ b, owner }) =>
      one(b, `insert into public.posters (user_id, title) values ($1, 'Poster') returning id`, [owner.id]),
    insert: async ({ actorUser }) => ({
      title: 'My poster',
      ...(actorUser ? { user_id: actorUser.id } : {}),
    }),
    patch: { title: 'Changed poster' },
    expect: { read: 'FTFT', insert: 'FTTT', update: 'FTFF', delete: 'FTFT' },
  },
  {
    table: 'poster_scans',
    key: 'id',
    fixture: async ({ b, owner }) => {
      const poster = await one(
        b,
        `insert into public.posters (user_id, title) values ($1, 'Poster') returning id`,
        [owner.id],
      );
      return one(b, `insert into public.poster_scans (poster_id, source) values ($1, 'qr') returning id`, [
        poster,
      ]);
    },
    insert: async ({ b, owner }) => ({
      poster_id: await one(
        b,
        `insert into public.posters (user_id, title) values ($1, 'Poster') returning id`,
        [owner.id],
      ),
      source: 'direct',
    }),
    patch: { source: 'changed' },
    expect: { read: 'FTFT', insert: 'FFFF', update: 'FFFF', delete: 'FFFT' },
  },
  {
    table: 'subscriptions',
    key: 'id',
    fixture: ({ b, owner }) =>
      one(b, `insert into public.subscriptions (user_id, status) values ($1, 'active') returning id`, [
        owner.id,
      ]),
    insert: async ({ actorUser, owner }) => ({ user_id: actorUser?.id ?? owner.id, status: 'active' }),
    patch: { status: 'canceled' },
    // Only Stripe's signed webhook (service role) writes subscriptions; admins read them for support.
    expect: { read: 'FTFT', insert: 'FFFF', update: 'FFFF', delete: 'FFFF' },
  },
];

let b: TestBackend;
let other: TestUser;
let admin: TestUser;
let anon: SupabaseClient;

beforeAll(async () => {
  b = await startTestBackend();
  other = await makeUser(b);
  admin = await makeUser(b, { admin: true });
  anon = anonClient(b);
});
afterAll(async () => {
  await b?.stop();
});

async function attempt(c: TableCase, op: Op, actor: Actor): Promise<boolean> {
  const owner = await makeUser(b, { admin: c.ownerIsAdmin });
  const actorUser = actor === 'anon' ? null : actor === 'owner' ? owner : actor === 'other' ? other : admin;
  const ctx: Ctx = { b, owner, actor, actorUser };
  const client = actorUser ? actorUser.client : anon;
  const id = await c.fixture(ctx);
  const count = async (): Promise<number> =>
    Number(
      (
        await b.db.query<{ n: number }>(
          `select count(*)::int as n from public.${c.table} where ${c.key}::text = $1`,
          [id],
        )
      ).rows[0]!.n,
    );
  if (op === 'read') {
    const { data, error } = await client.from(c.table).select('*').eq(c.key, id);
    expect(error).toBeNull();
    return data!.length === 1;
  }
  if (op === 'insert') {
    const payload = await c.insert(ctx);
    const { error } = await client.from(c.table).insert(payload);
    const keyCol = Object.keys(payload)[0]!;
    const stored = Number(
      (
        await b.db.query<{ n: number }>(
          `select count(*)::int as n from public.${c.table} where ${keyCol}::text = $1`,
          [String(payload[keyCol])],
        )
      ).rows[0]!.n,
    );
    if (error) {
      // A refused write is an RLS error with PostgREST's status (401 anon, 403 otherwise) and writes nothing.
      expect(error.code).toBe('42501');
      return false;
    }
    expect(stored).toBeGreaterThan(0);
    return true;
  }
  if (op === 'update') {
    const before = JSON.stringify(
      (await b.db.query(`select * from public.${c.table} where ${c.key}::text = $1`, [id])).rows,
    );
    const { data, error } = await client.from(c.table).update(c.patch).eq(c.key, id).select(c.key);
    const after = JSON.stringify(
      (await b.db.query(`select * from public.${c.table} where ${c.key}::text = $1`, [id])).rows,
    );
    const ok = !error && (data?.length ?? 0) === 1;
    if (ok) expect(after).not.toBe(before);
    else expect(after).toBe(before);
    return ok;
  }
  const { error } = await client.from(c.table).delete().eq(c.key, id);
  // Refused by the policies (no row matches) or, where the role has no grant at all, with 42501.
  if (error) expect(error.code).toBe('42501');
  return (await count()) === 0;
}

describe.each(CASES)('RLS on $table', (c) => {
  for (const op of ['read', 'insert', 'update', 'delete'] as Op[]) {
    it(`${op}: anon/owner/other/admin = ${c.expect[op]}`, async () => {
      let got = '';
      for (const actor of ACTORS) got += (await attempt(c, op, actor)) ? 'T' : 'F';
      expect(got).toBe(c.expect[op]);
    });
  }
});

describe('RLS details', () => {
  it('anon reads published articles and active services, never drafts', async () => {
    const { data: articles } = await anon.from('articles').select('status');
    expect(articles!.length).toBeGreaterThan(0);
    expect(articles!.every((a) => a.status === 'published')).toBe(true);
    const { data: services } = await anon.from('consultation_services').select('is_active');
    expect(services!.length).toBeGreaterThan(0);
    expect(services!.every((s) => s.is_active)).toBe(true);
  });

  it('a refused anon write answers 401 and a refused user write 403, with code 42501', async () => {
    const a = await anon.from('posters').insert({ title: 'x' });
    expect(a.status).toBe(401);
    expect(a.error?.code).toBe('42501');
    const u = await other.client.from('subscriptions').insert({ user_id: other.id, status: 'active' });
    expect(u.status).toBe(403);
    expect(u.error?.code).toBe('42501');
  });

  it("a user cannot insert a row in another user's name", async () => {
    const victim = await makeUser(b);
    const { error } = await other.client.from('posters').insert({ title: 'forged', user_id: victim.id });
    expect(error?.code).toBe('42501');
    const n = await b.db.query('select 1 from public.posters where user_id = $1', [victim.id]);
    expect(n.rows.length).toBe(0);
  });

  it('record_poster_scan lets anyone record a scan of an existing poster only, answering the same either way', async () => {
    const owner = await makeUser(b);
    const poster = await one(
      b,
      `insert into public.posters (user_id, title) values ($1, 'QR') returning id`,
      [owner.id],
    );
    const known = await anon.rpc('record_poster_scan', { poster_id: poster, source: 'qr' });
    const unknown = await anon.rpc('record_poster_scan', { poster_id: randomUUID() });
    expect(known.error).toBeNull();
    expect({ data: unknown.data, error: unknown.error, status: unknown.status }).toEqual({
      data: known.data,
      error: null,
      status: known.status,
    });
    const { data } = await owner.client.from('poster_scans').select('source').eq('poster_id', poster);
    expect(data).toEqual([{ source: 'qr' }]);
  });
});
