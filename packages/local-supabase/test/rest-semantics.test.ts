import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoleSettings } from '../src/db.ts';
import { signJwt } from '../src/jwt.ts';
import { createTestClient, startTestBackend, type TestBackend } from './helpers.ts';

// PostgREST semantics through the unmodified supabase-js, each answer checked against the same query in SQL.
const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rest-project');

let b: TestBackend;
let anon: SupabaseClient;

/** Rows of a query run directly (as the owner), rendered to JSON by Postgres as PostgREST does. */
async function sql(query: string, params: unknown[] = []): Promise<unknown[]> {
  const r = await b.db.query<{ j: string }>(
    `select coalesce(json_agg(t), '[]')::text as j from (${query}) t`,
    params,
  );
  return JSON.parse(r.rows[0]!.j) as unknown[];
}
const count = async (table: string): Promise<number> =>
  Number((await b.db.query<{ n: string }>(`select count(*)::text as n from public.${table}`)).rows[0]!.n);

beforeAll(async () => {
  b = await startTestBackend({ projectDir });
  anon = createTestClient(b.url, b.anonKey);
});
afterAll(async () => {
  await b?.stop();
});

describe('filters agree with SQL', () => {
  const cases: [string, () => PromiseLike<{ data: unknown; error: unknown }>, string][] = [
    [
      'eq',
      () => anon.from('books').select('id,title').eq('author_id', 1).order('id'),
      'select id, title from books where author_id = 1 order by id',
    ],
    [
      'neq',
      () => anon.from('books').select('id').neq('pages', 256).order('id'),
      'select id from books where pages <> 256 order by id',
    ],
    [
      'gt',
      () => anon.from('books').select('id').gt('pages', 200).order('id'),
      'select id from books where pages > 200 order by id',
    ],
    [
      'gte',
      () => anon.from('books').select('id').gte('rating', 4.5).order('id'),
      'select id from books where rating >= 4.5 order by id',
    ],
    [
      'lt',
      () => anon.from('books').select('id').lt('pages', 200).order('id'),
      'select id from books where pages < 200 order by id',
    ],
    [
      'lte',
      () => anon.from('books').select('id').lte('pages', 256).order('id'),
      'select id from books where pages <= 256 order by id',
    ],
    [
      'like',
      () => anon.from('books').select('id').like('title', '%River%').order('id'),
      "select id from books where title like '%River%' order by id",
    ],
    [
      'like with *',
      () => anon.from('books').select('id').like('title', 'The*').order('id'),
      "select id from books where title like 'The%' order by id",
    ],
    [
      'ilike',
      () => anon.from('books').select('id').ilike('title', '%the%').order('id'),
      "select id from books where title ilike '%the%' order by id",
    ],
    [
      'is null',
      () => anon.from('books').select('id').is('rating', null).order('id'),
      'select id from books where rating is null order by id',
    ],
    [
      'is true',
      () => anon.from('books').select('id').is('published', true).order('id'),
      'select id from books where published is true order by id',
    ],
    [
      'in',
      () =>
        anon.from('books').select('id').in('title', ['Greenvoe', 'Highland River', 'a,b "c"']).order('id'),
      "select id from books where title in ('Greenvoe', 'Highland River') order by id",
    ],
    [
      'cs array',
      () => anon.from('books').select('id').contains('tags', ['caithness']).order('id'),
      "select id from books where tags @> '{caithness}' order by id",
    ],
    [
      'cd array',
      () => anon.from('books').select('id').containedBy('tags', ['river', 'caithness', 'orkney']).order('id'),
      "select id from books where tags <@ '{river,caithness,orkney}' order by id",
    ],
    [
      'cs jsonb',
      () => anon.from('books').select('id').contains('meta', { year: 1941 }).order('id'),
      `select id from books where meta @> '{"year": 1941}' order by id`,
    ],
    [
      'ov',
      () => anon.from('books').select('id').overlaps('tags', ['fantasy', 'orkney']).order('id'),
      "select id from books where tags && '{fantasy,orkney}' order by id",
    ],
    [
      'not',
      () => anon.from('books').select('id').not('pages', 'gt', 200).order('id'),
      'select id from books where not (pages > 200) order by id',
    ],
    [
      'not is null',
      () => anon.from('books').select('id').not('rating', 'is', null).order('id'),
      'select id from books where rating is not null order by id',
    ],
    [
      'or',
      () => anon.from('books').select('id').or('pages.lt.150,rating.is.null').order('id'),
      'select id from books where pages < 150 or rating is null order by id',
    ],
    [
      'or with nested and',
      () =>
        anon.from('books').select('id').or('and(author_id.eq.1,pages.gt.300),title.eq.Greenvoe').order('id'),
      "select id from books where (author_id = 1 and pages > 300) or title = 'Greenvoe' order by id",
    ],
    [
      'json path filter',
      () => anon.from('books').select('id').eq('meta->>lang', 'en').gt('meta->year', 1950).order('id'),
      "select id from books where meta->>'lang' = 'en' and meta->'year' > '1950' order by id",
    ],
    [
      'match',
      () => anon.from('books').select('id').match({ author_id: 1, pages: 256 }),
      'select id from books where author_id = 1 and pages = 256',
    ],
    [
      'order desc nullslast + limit/offset',
      () =>
        anon
          .from('books')
          .select('id,rating')
          .order('rating', { ascending: false, nullsFirst: false })
          .range(1, 3),
      'select id, rating from books order by rating desc nulls last limit 3 offset 1',
    ],
    [
      'order asc nullsfirst',
      () =>
        anon.from('books').select('id').order('rating', { ascending: true, nullsFirst: true }).order('id'),
      'select id from books order by rating asc nulls first, id',
    ],
    [
      'aliases and casts',
      () => anon.from('books').select('name:title,pages_text:pages::text').eq('id', 3),
      'select title as name, pages::text as pages_text from books where id = 3',
    ],
    [
      'many-to-one embed',
      () => anon.from('books').select('title,author:authors(name)').eq('id', 3),
      "select title, (select json_build_object('name', a.name) from authors a where a.id = books.author_id) as author from books where id = 3",
    ],
    [
      'one-to-many embed',
      () => anon.from('authors').select('name,books(id)').eq('id', 1),
      "select name, (select json_agg(json_build_object('id', b.id)) from books b where b.author_id = authors.id) as books from authors where id = 1",
    ],
    [
      'inner embed filters parents',
      () => anon.from('authors').select('name,books!inner(id)').eq('books.pages', 108),
      "select name, (select json_agg(json_build_object('id', b.id)) from books b where b.author_id = authors.id and b.pages = 108) as books from authors where exists (select 1 from books b where b.author_id = authors.id and b.pages = 108)",
    ],
    [
      'nested embed',
      () => anon.from('authors').select('name,books(title,author:authors(name))').eq('id', 2),
      "select name, (select json_agg(json_build_object('title', b.title, 'author', json_build_object('name', a2.name))) from books b join authors a2 on a2.id = b.author_id where b.author_id = authors.id) as books from authors where id = 2",
    ],
    [
      'embedded order and limit',
      () =>
        anon
          .from('authors')
          .select('name,books(id)')
          .eq('id', 1)
          .order('id', { referencedTable: 'books', ascending: false })
          .limit(1, { referencedTable: 'books' }),
      'select name, (select json_agg(x) from (select b.id from books b where b.author_id = authors.id order by b.id desc limit 1) x) as books from authors where id = 1',
    ],
    [
      'full text search',
      () => anon.from('books').select('id').textSearch('title', 'mountain'),
      "select id from books where to_tsvector(title) @@ to_tsquery('mountain')",
    ],
    ['rpc scalar', () => anon.rpc('add', { a: 2, b: 40 }), 'select 42 as v'],
    [
      'rpc setof with filter',
      () => anon.rpc('books_by', { author: 'Neil Gunn' }).select('title').gt('pages', 300),
      'select title from books where author_id = 1 and pages > 300',
    ],
    ['rpc by GET', () => anon.rpc('add', { a: 5 }, { get: true }), 'select 6 as v'],
  ];
  for (const [name, call, query] of cases) {
    it(name, async () => {
      const { data, error } = await call();
      expect(error).toBeNull();
      const expected = await sql(query);
      if (name.startsWith('rpc scalar') || name === 'rpc by GET')
        expect(data).toEqual((expected[0] as { v: number }).v);
      else expect(data).toEqual(expected);
    });
  }
});

describe('logic trees by URL', () => {
  it('not.or and and= agree with SQL', async () => {
    const get = async (q: string) =>
      (
        await fetch(`${b.url}/rest/v1/books?select=id&order=id&${q}`, { headers: { apikey: b.anonKey } })
      ).json();
    expect(await get('published=eq.true&not.or=(pages.gt.500,pages.lt.120)')).toEqual(
      await sql(
        'select id from books where published = true and not (pages > 500 or pages < 120) order by id',
      ),
    );
    expect(await get('and=(pages.gte.183,or(rating.gt.4.5,rating.is.null))')).toEqual(
      await sql('select id from books where pages >= 183 and (rating > 4.5 or rating is null) order by id'),
    );
    expect(await get('pages=not.in.(256,584)&id=eq(any).{1,3,5}')).toEqual(
      await sql('select id from books where pages not in (256, 584) and id = any(array[1,3,5]) order by id'),
    );
  });
});

describe('Prefer, Range and object responses', () => {
  it('count=exact answers the SQL count in Content-Range', async () => {
    const {
      data,
      count: n,
      error,
    } = await anon.from('books').select('id', { count: 'exact' }).gt('pages', 200).limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(n).toBe(
      Number(
        (await sql('select count(*) as n from books where pages > 200'))[0] &&
          (await sql('select id from books where pages > 200')).length,
      ),
    );
    const head = await anon.from('books').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(await count('books'));
  });

  it('Range header picks the same rows as offset/limit', async () => {
    const res = await fetch(`${b.url}/rest/v1/books?select=id&order=id`, {
      headers: { apikey: b.anonKey, range: '2-3', prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe(`2-3/${await count('books')}`);
    expect(await res.json()).toEqual(await sql('select id from books order by id limit 2 offset 2'));
  });

  it('with a count, part of the rows is 206, all of them 200, an offset past the end 416 PGRST103 (PostgREST)', async () => {
    const total = await count('books');
    const part = await anon.from('books').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(part.status).toBe(206);
    expect(part.count).toBe(total);
    const all = await anon.from('books').select('id', { count: 'exact' });
    expect(all.status).toBe(200);
    const plain = await anon.from('books').select('id').order('id').range(0, 1);
    expect(plain.status).toBe(200);
    const past = await fetch(`${b.url}/rest/v1/books?select=id&offset=${total + 5}`, {
      headers: { apikey: b.anonKey, prefer: 'count=exact' },
    });
    expect(past.status).toBe(416);
    expect(await past.json()).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
  });

  it('return=minimal writes without a body; return=representation returns the written row', async () => {
    const minimal = await anon.from('authors').insert({ name: 'Minimal Author' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    expect(await sql("select name from authors where name = 'Minimal Author'")).toHaveLength(1);
    const rep = await anon
      .from('authors')
      .insert({ name: 'Shown Author', country: 'Wales' })
      .select()
      .single();
    expect(rep.error).toBeNull();
    expect(rep.data).toEqual((await sql("select * from authors where name = 'Shown Author'"))[0]);
  });

  it('comma-joined Prefer values (return + count) both apply', async () => {
    const res = await fetch(`${b.url}/rest/v1/authors?select=name`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        'content-type': 'application/json',
        prefer: 'return=representation,count=exact',
      },
      body: JSON.stringify([{ name: 'Joined A' }, { name: 'Joined B' }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/2');
    expect(await res.json()).toEqual([{ name: 'Joined A' }, { name: 'Joined B' }]);
  });

  it('resolution=merge-duplicates updates and ignore-duplicates keeps the row, with on_conflict', async () => {
    const merged = await anon
      .from('authors')
      .upsert({ name: 'Nan Shepherd', country: 'Aberdeenshire' }, { onConflict: 'name' })
      .select('name,country');
    expect(merged.error).toBeNull();
    expect(await sql("select name, country from authors where name = 'Nan Shepherd'")).toEqual([
      { name: 'Nan Shepherd', country: 'Aberdeenshire' },
    ]);
    const ignored = await anon
      .from('authors')
      .upsert({ name: 'Nan Shepherd', country: 'Elsewhere' }, { onConflict: 'name', ignoreDuplicates: true });
    expect(ignored.error).toBeNull();
    expect(await sql("select country from authors where name = 'Nan Shepherd'")).toEqual([
      { country: 'Aberdeenshire' },
    ]);
  });

  it('object Accept: one row is an object, none or many rows is 406 PGRST116', async () => {
    const one = await anon.from('books').select('title').eq('id', 2).single();
    expect(one.data).toEqual({ title: 'Highland River' });
    const none = await anon.from('books').select('title').eq('id', -1).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await anon.from('books').select('title').eq('author_id', 1).single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    const maybe = await anon.from('books').select('title').eq('id', -1).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

describe('JWT roles and RLS', () => {
  const userId = '7f000000-0000-4000-a000-000000000001';
  const otherId = '7f000000-0000-4000-a000-000000000002';
  const tokenFor = (sub: string, exp = Math.floor(Date.now() / 1000) + 600) =>
    signJwt(
      { sub, role: 'authenticated', aud: 'authenticated', email: `${sub.slice(-1)}@example.test`, exp },
      b.config.jwtSecret,
    );

  it('auth.uid(), auth.role() and auth.email() come from the verified JWT', async () => {
    const c = createTestClient(b.url, b.anonKey, await tokenFor(userId));
    const { data } = await c.rpc('whoami');
    expect(data).toEqual({ uid: userId, role: 'authenticated', email: '1@example.test' });
    expect((await anon.rpc('whoami')).data).toEqual({ uid: null, role: 'anon', email: null });
  });

  it('owner writes pass RLS; another user changes nothing; anon is refused with 401', async () => {
    const owner = createTestClient(b.url, b.anonKey, await tokenFor(userId));
    const other = createTestClient(b.url, b.anonKey, await tokenFor(otherId));
    const made = await owner
      .from('books')
      .insert({ title: 'Owned', author_id: 2 })
      .select('id,owner_id')
      .single();
    expect(made.error).toBeNull();
    expect(made.data?.owner_id).toBe(userId);
    const id = (made.data as { id: number }).id;
    const stolen = await other.from('books').update({ title: 'Stolen' }).eq('id', id).select();
    expect(stolen.data).toEqual([]);
    expect(await sql('select title from books where id = $1', [id])).toEqual([{ title: 'Owned' }]);
    const forged = await other.from('books').insert({ title: 'Forged', owner_id: userId });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const anonInsert = await anon.from('books').insert({ title: 'Anon' });
    expect(anonInsert.status).toBe(401);
    const del = await owner.from('books').delete().eq('id', id);
    expect(del.status).toBe(204);
    expect(await sql('select id from books where id = $1', [id])).toEqual([]);
  });

  it('expired and tampered JWTs are refused with 401 and write nothing', async () => {
    const before = await count('authors');
    const expired = createTestClient(
      b.url,
      b.anonKey,
      await tokenFor(userId, Math.floor(Date.now() / 1000) - 10),
    );
    const r1 = await expired.from('authors').insert({ name: 'Expired' });
    expect(r1.status).toBe(401);
    expect(r1.error?.message).toBe('JWT expired');
    const good = await tokenFor(userId);
    const [h, p] = good.split('.');
    const tampered = createTestClient(b.url, b.anonKey, `${h}.${p}.${'A'.repeat(43)}`);
    const r2 = await tampered.from('authors').insert({ name: 'Tampered' });
    expect(r2.status).toBe(401);
    const wrongKey = await signJwt({ role: 'service_role' }, 'another-secret-that-is-at-least-32-characters');
    const r3 = await createTestClient(b.url, wrongKey).from('authors').insert({ name: 'Forged service' });
    expect(r3.status).toBe(401);
    expect(await count('authors')).toBe(before);
  });
});

describe('bad input is a PostgREST-shaped error and writes nothing', () => {
  const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${b.url}/rest/v1/${pathname}`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json', ...headers },
      body,
    });

  it('malformed JSON → 400 PGRST102', async () => {
    const before = await count('authors');
    const res = await post('authors', '{"name": "Broken"');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102', details: null, hint: null });
    expect(await count('authors')).toBe(before);
  });

  it('unknown table → 404, unknown column → 400', async () => {
    const t = await anon.from('no_such_table').select('*');
    expect(t.status).toBe(404);
    expect(t.error?.code).toBe('PGRST205');
    const c = await anon.from('books').select('id,no_such_column');
    expect(c.status).toBe(400);
    expect(c.error?.code).toBe('42703');
    const before = await count('authors');
    const w = await anon.from('authors').insert({ name: 'Ghost', no_such_column: 1 });
    expect(w.status).toBe(400);
    expect(w.error?.code).toBe('PGRST204');
    expect(await count('authors')).toBe(before);
  });

  it('bad filter syntax → 400 PGRST100', async () => {
    for (const q of ['id=zz.1', 'id=eq', 'or=(id.eq.1', 'order=id.sideways', 'limit=-1', 'select=id,(']) {
      const res = await fetch(`${b.url}/rest/v1/books?${q}`, { headers: { apikey: b.anonKey } });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: string }).code, q).toBe('PGRST100');
    }
    const before = await count('books');
    const del = await fetch(`${b.url}/rest/v1/books?id=nope.1`, {
      method: 'DELETE',
      headers: { apikey: b.serviceRoleKey, authorization: `Bearer ${b.serviceRoleKey}` },
    });
    expect(del.status).toBe(400);
    expect(await count('books')).toBe(before);
  });

  it('oversized body → 413', async () => {
    const before = await count('authors');
    const res = await post('authors', JSON.stringify({ name: 'x'.repeat(b.config.maxBodyBytes + 10) }));
    expect(res.status).toBe(413);
    expect(await count('authors')).toBe(before);
  });

  it('a failing row in a batch writes none of the batch', async () => {
    const before = await count('authors');
    const r = await anon.from('authors').insert([{ name: 'Batch One' }, { name: 'Neil Gunn' }]);
    expect(r.status).toBe(409);
    expect(await count('authors')).toBe(before);
  });
});

describe('PostgREST 12 fidelity', () => {
  it('RETURNS TABLE functions answer plain rows; filters and count apply', async () => {
    const {
      data,
      error,
      count: n,
    } = await anon.rpc('author_titles', { author: 'Neil Gunn' }, { count: 'exact' }).gt('book_pages', 300);
    expect(error).toBeNull();
    expect(data).toEqual(
      await sql(
        'select b.title as book_title, b.pages as book_pages from books b where b.author_id = 1 and b.pages > 300 order by b.id',
      ),
    );
    expect(n).toBe(1);
  });

  it('SETOF a scalar is an array of values; a void function is 204 with data null', async () => {
    expect((await anon.rpc('numbers', { n: 3 })).data).toEqual([1, 2, 3]);
    const res = await fetch(`${b.url}/rest/v1/rpc/touch`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(204);
    const v = await anon.rpc('touch');
    expect(v.error).toBeNull();
    expect(v.data).toBeNull();
  });

  it('in / not.in on an enum column', async () => {
    const { data, error } = await anon.from('days').select('mood').in('mood', ['calm', 'bright']).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ mood: 'calm' }, { mood: 'bright' }]);
    expect((await anon.from('days').select('mood').not('mood', 'in', '(calm,bright)')).data).toEqual([
      { mood: 'stormy' },
    ]);
  });

  it('rangeGte / rangeLte are &> / &< as in PostgREST', async () => {
    expect((await anon.from('days').select('id').rangeGte('span', '[5,8)').order('id')).data).toEqual(
      await sql("select id from days where span &> '[5,8)'::int4range order by id"),
    );
    expect((await anon.from('days').select('id').rangeLte('span', '[5,8)').order('id')).data).toEqual(
      await sql("select id from days where span &< '[5,8)'::int4range order by id"),
    );
  });

  it('request.method, request.path and request.headers are set per request', async () => {
    const res = await fetch(`${b.url}/rest/v1/rpc/request_info`, {
      headers: { apikey: b.anonKey, 'x-marker': 'seen' },
    });
    expect(await res.json()).toEqual({ method: 'GET', path: '/rpc/request_info', marker: 'seen' });
  });

  it('Prefer: tx=rollback answers as if written and keeps nothing (db-tx-end allows the override)', async () => {
    const res = await fetch(`${b.url}/rest/v1/authors?select=name`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        'content-type': 'application/json',
        prefer: 'return=representation,tx=rollback',
      },
      body: JSON.stringify({ name: 'Rolled Back' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ name: 'Rolled Back' }]);
    expect(await sql("select 1 from authors where name = 'Rolled Back'")).toEqual([]);
  });

  it('Preference-Applied names the preferences honoured, in PostgREST order, per action', async () => {
    const h = { apikey: b.anonKey, 'content-type': 'application/json' };
    const insert = await fetch(`${b.url}/rest/v1/authors?select=name`, {
      method: 'POST',
      headers: {
        ...h,
        prefer:
          'tx=rollback, count=exact, return=representation, missing=default, resolution=merge-duplicates, bogus=1',
      },
      body: JSON.stringify({ name: 'Applied' }),
    });
    expect(insert.status).toBe(201);
    expect(insert.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, missing=default, return=representation, count=exact, tx=rollback',
    );
    // A read takes no return; unknown values are not reported.
    const read = await fetch(`${b.url}/rest/v1/authors?select=name&limit=1`, {
      headers: { ...h, prefer: 'return=representation, count=nonsense, handling=lenient' },
    });
    expect(read.headers.get('preference-applied')).toBe('handling=lenient');
    // max-affected with handling=strict on an rpc; a plain read without preferences has none.
    const rpc = await fetch(`${b.url}/rest/v1/rpc/numbers`, {
      method: 'POST',
      headers: { ...h, prefer: 'handling=strict, max-affected=10, count=exact' },
      body: '{"n": 3}',
    });
    expect(rpc.status).toBe(200);
    expect(rpc.headers.get('preference-applied')).toBe('count=exact, handling=strict, max-affected=10');
    const plain = await fetch(`${b.url}/rest/v1/authors?select=name&limit=1`, { headers: h });
    expect(plain.headers.get('preference-applied')).toBeNull();
  });

  it('GET and HEAD run in a read-only transaction: a writing function by GET is 405 25006 and writes nothing', async () => {
    const before = await count('visits');
    const get = await fetch(`${b.url}/rest/v1/rpc/log_visit?note=by-get`, { headers: { apikey: b.anonKey } });
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({
      code: '25006',
      message: 'cannot execute INSERT in a read-only transaction',
    });
    const head = await fetch(`${b.url}/rest/v1/rpc/log_visit?note=by-head`, {
      method: 'HEAD',
      headers: { apikey: b.anonKey },
    });
    expect(head.status).toBe(405);
    const viaClient = await anon.rpc('log_visit', { note: 'by-client-get' }, { get: true });
    expect(viaClient.error).toMatchObject({ code: '25006' });
    expect(await count('visits')).toBe(before);
    // The same call by POST writes (the function works; only the method made it read-only).
    const post = await anon.rpc('log_visit', { note: 'by-post' });
    expect(post.error).toBeNull();
    expect(await sql('select note from visits where id = $1', [post.data])).toEqual([{ note: 'by-post' }]);
  });

  it('a request without an API key is refused before PostgREST, as hosted Supabase’s gateway refuses it', async () => {
    // (Not as PostgREST alone or the CLI's gateway, which take it for anon: test/api-key.test.ts has the rest.)
    const res = await fetch(`${b.url}/rest/v1/authors?select=name&name=eq.Neil%20Gunn`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
    const before = await count('books');
    const write = await fetch(`${b.url}/rest/v1/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"x"}',
    });
    expect(write.status).toBe(401);
    expect(await count('books')).toBe(before);
  });
});

describe('platform schema as on hosted Supabase', () => {
  it('migrations may use pgcrypto from extensions and the Supabase roles (PGlite and PostgreSQL alike)', async () => {
    const { data, error } = await anon.rpc('crypto_check', { secret: 'abc' });
    expect(error).toBeNull();
    expect(data).toEqual({
      digest: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      random_bytes: 16,
      crypt_ok: true,
    });
  });
});

describe('PostgREST preferences and media types', () => {
  const rest = (p: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${p}`, { ...init, headers: { apikey: b.anonKey, ...init.headers } });

  it('Accept: text/csv answers a header of the columns and each row as PostgreSQL writes a record', async () => {
    const res = await rest('books?select=id,title,rating&id=in.(3,4)&order=id', {
      headers: { accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('id,title,rating\n3,"The Living Mountain",4.8\n4,Greenvoe,');
    const none = await rest('books?select=id&id=eq.0', { headers: { accept: 'text/csv' } });
    expect(await none.text()).toBe('\n');
    const viaClient = await anon.from('authors').select('name,country').eq('id', 1).csv();
    expect(viaClient.data).toBe('name,country\n"Neil Gunn",Scotland');
  });

  it('strip-nulls leaves out null values (arrays and objects)', async () => {
    const { data, error } = await anon.from('books').select('id,rating,published').eq('id', 4).stripNulls();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4 }]);
    const one = await anon.from('authors').select('name,country').eq('id', 3).single().stripNulls();
    expect(one.data).toEqual({ name: 'George Mackay Brown' });
  });

  it('count=planned gives the planner estimate and count=estimated the exact count below max_rows', async () => {
    const planned = await anon.from('books').select('id', { count: 'planned', head: true });
    const plan = await b.db.query<{ 'QUERY PLAN': unknown }>(
      'explain (format json) select 1 from public.books as _t',
    );
    const raw = plan.rows[0]!['QUERY PLAN'];
    const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    expect(planned.error).toBeNull();
    expect(planned.count).toBe(rows[0].Plan['Plan Rows']);
    const estimated = await anon.from('books').select('id', { count: 'estimated' }).gt('pages', 200);
    expect(estimated.count).toBe(await count('books where pages > 200'));
  });

  it('Accept: application/vnd.pgrst.plan is 406 PGRST107 until db-plan-enabled, then EXPLAIN in text or JSON', async () => {
    const off = await anon.from('books').select('id').explain();
    expect(off.status).toBe(406);
    expect(off.error).toMatchObject({
      code: 'PGRST107',
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    });
    await b.db.query("alter role authenticator set pgrst.db_plan_enabled to 'true'");
    await loadRoleSettings(b.db);
    try {
      const text = await anon.from('books').select('id,title').eq('id', 3).explain();
      expect(text.error).toBeNull();
      expect(text.data).toMatch(/^Aggregate {2}\(cost=[\d.]+\.\.[\d.]+ rows=\d+ width=\d+\)\n/);
      expect(text.data).toMatch(/\n$/);
      const raw = await rest('books?select=id&id=eq.3', {
        headers: {
          accept:
            'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose;',
        },
      });
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8',
      );
      const [plan] = (await raw.json()) as [
        {
          Plan: { 'Node Type': string; 'Actual Rows'?: number; Output?: string[] };
          'Execution Time'?: number;
        },
      ];
      expect(plan.Plan['Node Type']).toBe('Aggregate');
      // analyze ran it (actual rows, execution time); verbose lists the output columns.
      expect(plan.Plan['Actual Rows']).toBe(1);
      expect(typeof plan['Execution Time']).toBe('number');
      expect(plan.Plan.Output?.length).toBeGreaterThan(0);
      // An rpc and a mutation explain too; without analyze the insert does not run.
      const rpc = await anon.rpc('books_by', { author: 'Neil Gunn' }).explain({ format: 'json' });
      expect(rpc.error).toBeNull();
      expect((rpc.data as [{ Plan: unknown }])[0].Plan).toBeTruthy();
      const before = await count('notes');
      const insert = await anon.from('notes').insert({ body: 'explained' }).explain();
      expect(insert.error).toBeNull();
      expect(insert.data).toMatch(/Insert on notes/);
      expect(await count('notes')).toBe(before);
    } finally {
      await b.db.query('alter role authenticator reset pgrst.db_plan_enabled');
      await loadRoleSettings(b.db);
    }
  });

  it('max-affected (handling=strict): over the limit is 400 PGRST124 and nothing is changed', async () => {
    await anon
      .from('notes')
      .insert([{ body: 'max-affected' }, { body: 'max-affected' }, { body: 'max-affected' }]);
    const before = await sql("select id, title from notes where body = 'max-affected' order by id");
    expect(before).toHaveLength(3);
    const strict = (max: number, extra = '') => ({
      'content-type': 'application/json',
      prefer: `handling=strict, max-affected=${max}${extra}`,
    });
    const over = await rest('notes?body=eq.max-affected', {
      method: 'PATCH',
      headers: strict(2),
      body: '{"title":"changed"}',
    });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
    });
    const overDelete = await rest('notes?body=eq.max-affected', {
      method: 'DELETE',
      headers: strict(2, ', return=representation'),
    });
    expect(await overDelete.json()).toMatchObject({ code: 'PGRST124' });
    expect(await sql("select id, title from notes where body = 'max-affected' order by id")).toEqual(before);
    const id = (before[0] as { id: number }).id;
    const within = await rest(`notes?id=eq.${id}&select=title`, {
      method: 'PATCH',
      headers: strict(1, ', return=representation'),
      body: '{"title":"changed"}',
    });
    expect(within.status).toBe(200);
    expect(await within.json()).toEqual([{ title: 'changed' }]);
    // Without handling=strict the preference is ignored (PostgREST's lenient handling).
    const lenient = await rest('notes?body=eq.max-affected', {
      method: 'DELETE',
      headers: { prefer: 'max-affected=1' },
    });
    expect(lenient.status).toBe(204);
    expect(await sql("select id from notes where body = 'max-affected'")).toEqual([]);
  });

  it('upsert: 200 when every row was updated, 201 when one was inserted', async () => {
    const updated = await anon.from('notes').upsert({ id: 9001, title: 'first' }).select('id,title');
    expect(updated.status).toBe(201);
    const again = await anon.from('notes').upsert({ id: 9001, title: 'second' }).select('id,title');
    expect(again.status).toBe(200);
    expect(again.data).toEqual([{ id: 9001, title: 'second' }]);
    const minimal = await anon.from('notes').upsert({ id: 9001, title: 'third' });
    expect(minimal.status).toBe(200);
    const mixed = await anon.from('notes').upsert([
      { id: 9001, title: 'fourth' },
      { id: 9002, title: 'new' },
    ]);
    expect(mixed.status).toBe(201);
    expect(await sql('select id, title from notes where id >= 9001 order by id')).toEqual([
      { id: 9001, title: 'fourth' },
      { id: 9002, title: 'new' },
    ]);
  });

  it('an upsert whose body is only the conflict key returns the existing row (ON CONFLICT DO UPDATE as PostgREST)', async () => {
    const { data, error, status } = await anon
      .from('authors')
      .upsert({ name: 'Nan Shepherd' }, { onConflict: 'name' })
      .select('id,name');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual(await sql("select id, name from authors where name = 'Nan Shepherd'"));
    const single = await anon.from('books').select('id').single();
    expect(single.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
    });
  });

  it('Prefer: missing=default fills keys a row lacks with the column default (defaultToNull: false)', async () => {
    const { data, error, status } = await anon
      .from('notes')
      .insert([{ title: 'has title', body: 'b' }, { body: 'no title' }], { defaultToNull: false })
      .select('title,body');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { title: 'has title', body: 'b' },
      { title: 'untitled', body: 'no title' },
    ]);
    // Without it, a key missing from one row of a batch is null (here refused by NOT NULL: 400, nothing written).
    const nulls = await anon.from('notes').insert([{ title: 'x', body: 'b2' }, { body: 'no title 2' }]);
    expect(nulls.error).toMatchObject({ code: '23502' });
    expect(await sql("select 1 from notes where body in ('b2', 'no title 2')")).toEqual([]);
    // As PostgREST, every row is laid over all the defaults: the identity advances for a row that gives its own id too.
    const [{ last }] = (await sql(
      "select nextval(pg_get_serial_sequence('public.notes', 'id')) as last",
    )) as [{ last: number }];
    const ids = await anon
      .from('notes')
      .insert([{ id: 100000 + last, body: 'own id' }, { body: 'default id' }], { defaultToNull: false })
      .select('id,title');
    expect(ids.error).toBeNull();
    expect(ids.data).toEqual([
      { id: 100000 + last, title: 'untitled' },
      { id: last + 2, title: 'untitled' },
    ]);
  });

  it('columns= may quote names with spaces and commas', async () => {
    const res = await rest('notes?columns="Label Text","a,b"', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'Label Text': 'spaced', 'a,b': 'comma', ignored: 1 }),
    });
    expect(res.status).toBe(201);
    expect(
      await sql(`select "Label Text" as l, "a,b" as c from notes where "Label Text" = 'spaced'`),
    ).toEqual([{ l: 'spaced', c: 'comma' }]);
    // A quoted name in select= may hold spaces too.
    const read = await rest(
      `notes?select=${encodeURIComponent('"Label Text",label:"a,b"')}&body=is.null&title=eq.untitled&code=is.null`,
    );
    expect(await read.json()).toEqual(expect.arrayContaining([{ 'Label Text': 'spaced', label: 'comma' }]));
  });

  it('count on an rpc returning one value is 1 (Content-Range 0-0/1)', async () => {
    const { data, count } = await anon.rpc('add', { a: 1, b: 2 }, { count: 'exact' });
    expect(data).toBe(3);
    expect(count).toBe(1);
  });

  it('unnamed parameters: a single text one is the argument "", others are not exposed (PostgREST schema cache)', async () => {
    expect(await anon.rpc('echo_text', { '': 'Wick' })).toMatchObject({ data: 'got Wick', error: null });
    const hidden = await anon.rpc('unnamed_int', { '': 1 });
    expect(hidden.status).toBe(404);
    expect(hidden.error).toMatchObject({ code: 'PGRST202' });
    const ambiguous = await anon.rpc('choose');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.choose(), public.choose( => text)',
    });
  });

  it("a table's row as an argument is given as a JSON object", async () => {
    const { data, error } = await anon
      .rpc('books_of', { author_row: { id: 2, name: 'Nan Shepherd', country: null } })
      .select('id,title');
    expect(error).toBeNull();
    expect(data).toEqual(await sql('select id, title from books where author_id = 2 order by id'));
  });

  it('RAISE with SQLSTATE PTxxx answers that HTTP status', async () => {
    const { error, status } = await anon.rpc('pay_up');
    expect(status).toBe(402);
    expect(error).toMatchObject({
      code: 'PT402',
      message: 'Payment required',
      details: 'Upgrade to read on',
    });
  });
});

describe('embedding as PostgREST resolves relationships', () => {
  it('one-to-one (the foreign key is the key) is an object in both directions', async () => {
    const { data, error } = await anon
      .from('authors')
      .select('name,author_bios(bio)')
      .in('id', [1, 3])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Neil Gunn', author_bios: { bio: 'Caithness novelist' } },
      { name: 'George Mackay Brown', author_bios: null },
    ]);
    const back = await anon.from('author_bios').select('bio,authors(name)').eq('author_id', 2);
    expect(back.data).toEqual([{ bio: 'Cairngorms walker', authors: { name: 'Nan Shepherd' } }]);
  });

  it('many-to-many through a junction table, both ways', async () => {
    const { data, error } = await anon.from('shelves').select('name,books(id)').order('id');
    expect(error).toBeNull();
    const expected = await sql(
      `select s.name, coalesce((select json_agg(json_build_object('id', b.id)) from books b join shelf_books sb on sb.book_id = b.id where sb.shelf_id = s.id), '[]') as books from shelves s order by s.id`,
    );
    expect(data).toEqual(expected);
    const back = await anon.from('books').select('title,shelves(name)').eq('id', 5);
    expect(back.data).toEqual([{ title: 'A Wizard of Earthsea', shelves: [{ name: 'Speculative' }] }]);
  });

  it('self-reference: the table name embeds the children, the column the parent', async () => {
    const { data, error } = await anon
      .from('places')
      .select('name,places(name),parent_id(name)')
      .eq('name', 'Caithness');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Caithness', places: [{ name: 'Wick' }, { name: 'Thurso' }], parent_id: { name: 'Scotland' } },
    ]);
    const hinted = await anon
      .from('places')
      .select('name,children:places!parent_id(name)')
      .eq('name', 'Scotland');
    expect(hinted.data).toEqual([{ name: 'Scotland', children: [{ name: 'Caithness' }] }]);
  });

  it("through views: a view's base-table foreign keys relate it both ways, and a function's view rows embed", async () => {
    const from = await anon.from('long_books').select('title,authors(name)').order('id');
    expect(from.error).toBeNull();
    expect(from.data).toEqual(
      await sql(
        "select b.title, (select json_build_object('name', a.name) from authors a where a.id = b.author_id) as authors from books b where b.pages > 200 order by b.id",
      ),
    );
    const to = await anon
      .from('scottish_authors')
      .select('name,long_books(title)')
      .order('id')
      .order('id', { referencedTable: 'long_books' });
    expect(to.error).toBeNull();
    expect(to.data).toEqual(
      await sql(
        "select a.name, coalesce((select json_agg(json_build_object('title', b.title) order by b.id) from books b where b.author_id = a.id and b.pages > 200), '[]') as long_books from authors a where a.country = 'Scotland' order by a.id",
      ),
    );
    const rpc = await anon
      .rpc('long_books_by', { author: 'Neil Gunn' })
      .select('title,scottish_authors(name)');
    expect(rpc.error).toBeNull();
    expect(rpc.data).toEqual(
      await sql(
        "select b.title, json_build_object('name', a.name) as scottish_authors from books b join authors a on a.id = b.author_id where a.name = 'Neil Gunn' and b.pages > 200 order by b.id",
      ),
    );
  });

  it('two foreign keys to one table: ambiguous is 300 PGRST201 with the choices; a constraint name picks one', async () => {
    const ambiguous = await anon.from('loans').select('title,authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    expect(ambiguous.error!.hint).toContain("'authors!loans_lender_fkey'");
    const details = ambiguous.error!.details as unknown as unknown[];
    expect(details).toHaveLength(2);
    expect(details).toEqual(
      expect.arrayContaining([
        {
          cardinality: 'many-to-one',
          embedding: 'loans with authors',
          relationship: 'loans_borrower_fkey using loans(borrower_id) and authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'loans with authors',
          relationship: 'loans_lender_fkey using loans(lender_id) and authors(id)',
        },
      ]),
    );
    const { data, error } = await anon
      .from('loans')
      .select('title,lender:authors!loans_lender_fkey(name),borrower:authors!loans_borrower_fkey(name)');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Greenvoe copy', lender: { name: 'George Mackay Brown' }, borrower: { name: 'Neil Gunn' } },
    ]);
  });

  it('spread ...rel(): to-one columns join the parent; to-many become arrays', async () => {
    const { data, error } = await anon
      .from('books')
      .select('title,...authors(author:name,country)')
      .eq('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual(
      await sql(
        'select b.title, a.name as author, a.country from books b join authors a on a.id = b.author_id where b.id = 3',
      ),
    );
    const many = await anon
      .from('authors')
      .select('name,...books(title)')
      .eq('id', 1)
      .order('id', { referencedTable: 'books' });
    expect(many.data).toEqual(
      await sql(
        'select a.name, (select json_agg(b.title order by b.id) from books b where b.author_id = a.id) as title from authors a where a.id = 1',
      ),
    );
  });

  it('an embed with no columns filters (with !inner) and is left out of the answer', async () => {
    const { data, error } = await anon
      .from('books')
      .select('title,authors!inner()')
      .eq('authors.name', 'Nan Shepherd');
    expect(error).toBeNull();
    expect(data).toEqual(
      await sql(
        "select b.title from books b join authors a on a.id = b.author_id where a.name = 'Nan Shepherd' order by b.id",
      ),
    );
  });

  it('computed relationships: a function of the row returning rows embeds by its name (ROWS 1: an object)', async () => {
    const { data, error } = await anon.from('books').select('title,same_author_books(title)').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual(
      await sql(
        "select b.title, coalesce((select json_agg(json_build_object('title', o.title) order by o.id) from books o where o.author_id = b.author_id and o.id <> b.id), '[]') as same_author_books from books b where b.id = 1",
      ),
    );
    const one = await anon.from('authors').select('name,first:first_book(title)').eq('id', 2);
    expect(one.data).toEqual(
      await sql(
        "select a.name, (select json_build_object('title', b.title) from books b where b.author_id = a.id order by b.id limit 1) as first from authors a where a.id = 2",
      ),
    );
  });

  it('computed fields: a function of the row is selected like a column', async () => {
    const { data, error } = await anon.from('books').select('id,shout').eq('id', 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4, shout: 'GREENVOE!' }]);
  });

  it('aggregates (db-aggregates-enabled): count(), sum() grouped by the other columns, rel(count)', async () => {
    const { data, error } = await anon
      .from('books')
      .select('author_id,pages.sum(),count()')
      .not('author_id', 'is', null)
      .order('author_id');
    expect(error).toBeNull();
    expect(data).toEqual(
      await sql(
        'select author_id, sum(pages) as sum, count(*) as count from books where author_id is not null group by author_id order by author_id',
      ),
    );
    const total = await anon.from('books').select('total:pages.sum()::text');
    expect(total.data).toEqual(await sql('select sum(pages)::text as total from books'));
    const nested = await anon.from('authors').select('name,books(count)').eq('id', 1);
    expect(nested.data).toEqual([{ name: 'Neil Gunn', books: [{ count: 2 }] }]);
  });
});

describe('aggregates through a spread (PostgREST hoists them)', () => {
  type Row = Record<string, unknown>;
  const byCountry = (rows: unknown) =>
    [...(rows as Row[])].sort((a, b) => String(a.country).localeCompare(String(b.country)));

  it("a to-one spread's columns group the level and its aggregates are the level's", async () => {
    const { data, error } = await anon
      .from('books')
      .select('pages.sum(),...authors(author_ids:id.sum(),country)');
    expect(error).toBeNull();
    expect(byCountry(data)).toEqual(
      byCountry(
        await sql(
          'select sum(b.pages) as sum, sum(a.id) as author_ids, a.country from books b left join authors a on a.id = b.author_id group by a.country',
        ),
      ),
    );
  });

  it('inside an embed: count() with a spread column, and a spread of every column', async () => {
    const { data, error } = await anon
      .from('authors')
      .select('name,books(count(),...authors(country))')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual(
      await sql(
        "select a.name, (select json_agg(json_build_object('count', c.n, 'country', c.country)) from (select count(*) as n, a2.country from books b join authors a2 on a2.id = b.author_id where b.author_id = a.id group by a2.country) c) as books from authors a where a.id = 1",
      ),
    );
    const star = await anon.from('books').select('title,...authors(*)').eq('id', 3);
    expect(star.data).toEqual(
      await sql(
        'select b.title, a.id, a.name, a.country from books b join authors a on a.id = b.author_id where b.id = 3',
      ),
    );
  });
});

describe('schemas other than public ([api] schemas in config.toml)', () => {
  it('Accept-Profile reads another exposed schema, with its embeds and functions; the default stays public', async () => {
    const archive = anon.schema('archive');
    const { data, error } = await archive.from('books').select('title,shelves(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Morning Tide', shelves: { name: 'attic' } },
      { title: "Butcher's Broom", shelves: null },
    ]);
    expect((await archive.rpc('count_books')).data).toBe(2);
    const publicBooks = await anon.from('books').select('id').eq('id', 1);
    expect(publicBooks.data).toEqual([{ id: 1 }]);
  });

  it('Content-Profile writes there', async () => {
    const { data, error, status } = await anon
      .schema('archive')
      .from('books')
      .insert({ title: 'Sun Circle' })
      .select('title');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ title: 'Sun Circle' }]);
    expect(await sql("select title from archive.books where title = 'Sun Circle'")).toEqual([
      { title: 'Sun Circle' },
    ]);
    expect(await sql("select 1 from public.books where title = 'Sun Circle'")).toEqual([]);
  });

  it('a schema not listed is 406 PGRST106 and names the exposed ones', async () => {
    for (const [header, method] of [
      ['accept-profile', 'GET'],
      ['content-profile', 'POST'],
    ] as const) {
      const res = await fetch(`${b.url}/rest/v1/books`, {
        method,
        headers: { apikey: b.anonKey, [header]: 'auth', 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{"title":"x"}' } : {}),
      });
      expect(res.status).toBe(406);
      expect(await res.json()).toMatchObject({
        code: 'PGRST106',
        message: 'The schema must be one of the following: public, archive',
      });
    }
  });
});
