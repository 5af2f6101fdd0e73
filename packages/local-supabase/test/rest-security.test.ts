/**
 * REST under attack: crafted select lists, costly queries and malformed requests. Each answer is a PostgREST-shaped
 * 4xx (never a 500), leaks nothing, and leaves the server responsive for everyone else. Runs on PGlite and, with
 * BACKEND_ENGINE=postgres, on PostgreSQL.
 */
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt.ts';
import { makeUser, startTestBackend, type TestBackend } from './helpers.ts';

// max_rows = 3 in its config.toml, anon's statement_timeout 1s, a self-referencing table, a CPU-bound function.
const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'limits-project');

let b: TestBackend;
beforeAll(async () => {
  b = await startTestBackend({ projectDir });
});
afterAll(async () => {
  await b?.stop();
});

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

async function rest(pathAndQuery: string, init: RequestInit & { key?: string } = {}): Promise<Answer> {
  const key = init.key ?? b.anonKey;
  const res = await fetch(`${b.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: b.anonKey,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body, text, headers: res.headers };
}

const code = (a: Answer): string | undefined => (a.body as { code?: string } | null)?.code;

describe('select casts', () => {
  it('a cast carrying SQL is refused with 400 PGRST100 and runs nothing', async () => {
    const attack = encodeURIComponent(
      'id::text as x from nodes as _t union all select rolname from pg_roles union all select label',
    );
    const a = await rest(`nodes?select=${attack}`);
    expect(a.status).toBe(400);
    expect(code(a)).toBe('PGRST100');
    // The answer is the error alone: no row of pg_roles (whose names include these) came back.
    expect(Array.isArray(a.body)).toBe(false);
    expect(a.text).not.toMatch(/service_role|authenticator|pg_read_all_data/);
  });

  it('other punctuation in a cast is refused the same way', async () => {
    for (const cast of ['text)--', 'text;select 1', "text'", 'text/**/', 'text"', 'text[]', 'int4(1)']) {
      const a = await rest(`nodes?select=${encodeURIComponent(`id::${cast}`)}`);
      expect(a.status, cast).toBe(400);
      expect(code(a), cast).toBe('PGRST100');
    }
  });

  it('casts to real types work, including names with spaces and aliases', async () => {
    const a = await rest(
      `nodes?select=${encodeURIComponent('id::text,n:id::double precision,label::varchar')}&id=eq.2`,
    );
    expect(a.status).toBe(200);
    expect(a.body).toEqual([{ id: '2', n: 2, label: 'node 2' }]);
    const b2 = await rest(`nodes?select=${encodeURIComponent('id::int8,meta::jsonb')}&id=eq.1`);
    expect(b2.body).toEqual([{ id: 1, meta: null }]);
  });

  it('a cast to an unknown type is 400 42704, as PostgreSQL says', async () => {
    const a = await rest('nodes?select=id::nosuchtype');
    expect(a.status).toBe(400);
    expect(code(a)).toBe('42704');
    expect((a.body as { message: string }).message).toBe('type "nosuchtype" does not exist');
  });
});

describe('query cost', () => {
  it('max_rows from config.toml caps a read; count=exact still tells the total', async () => {
    const a = await rest('nodes?select=id&order=id', { headers: { prefer: 'count=exact' } });
    expect(a.status).toBe(206); // partial content, as PostgREST answers when max_rows cuts a counted read
    expect(a.body).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(a.headers.get('content-range')).toBe('0-2/10');
    const limited = await rest('nodes?select=id&order=id&limit=2&offset=5');
    expect(limited.body).toEqual([{ id: 6 }, { id: 7 }]);
    const rpc = await rest('rpc/all_nodes?select=id');
    expect(rpc.body).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  const nested = (depth: number): string => {
    let s = 'id';
    // The column name embeds the parent (a self-reference: `nodes!parent_id` would be the children, as PostgREST reads it).
    for (let i = 0; i < depth; i++) s = `id,parent:parent_id(${s})`;
    return s;
  };

  it('embedding nested past the depth limit is refused before it runs (40 levels → 400)', async () => {
    const a = await rest(`nodes?select=${encodeURIComponent(nested(40))}&id=eq.10`);
    expect(a.status).toBe(400);
    expect(code(a)).toBe('PGRST100');
    expect((a.body as { details: string }).details).toMatch(/nested/);
  });

  it('embedding within the limit works', async () => {
    const a = await rest(`nodes?select=${encodeURIComponent(nested(4))}&id=eq.10`);
    expect(a.status).toBe(200);
    expect(a.body).toEqual([
      { id: 10, parent: { id: 9, parent: { id: 8, parent: { id: 7, parent: { id: 6 } } } } },
    ]);
  });

  it("anon's statement_timeout stops a CPU-bound call (57014) while other requests stay fast", async () => {
    const started = Date.now();
    const slow = rest('rpc/spin', { method: 'POST', body: JSON.stringify({ seconds: 30 }) });
    await new Promise((r) => setTimeout(r, 200));
    const t = Date.now();
    const health = await fetch(`${b.url}/auth/v1/health`, { headers: { apikey: b.anonKey } });
    expect(health.status).toBe(200);
    expect(Date.now() - t).toBeLessThan(500);
    const a = await slow;
    expect(code(a)).toBe('57014');
    expect(a.status).not.toBe(500);
    // 1s timeout, then (PGlite) the engine reopens; far from the 30s the call asked for, even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(12_000);
    // The engine is usable right after.
    expect((await rest('nodes?select=id&id=eq.1')).body).toEqual([{ id: 1 }]);
  });

  it("a read estimated above the role's plan_filter.statement_cost_limit is refused before it runs (54000)", async () => {
    const user = await makeUser(b);
    const cheap = await rest('nodes?select=id,items(id)&id=eq.1&items.order=id', { key: user.token });
    expect(cheap.status).toBe(200);
    expect(cheap.body).toEqual([{ id: 1, items: [{ id: 10 }, { id: 20 }, { id: 30 }] }]); // max_rows = 3 per level
    // Every to-many level multiplies the work.
    const fanOut = 'id,items(id,node:nodes(id,items(id,node:nodes(id,items(id)))))';
    const costly = await rest(`nodes?select=${encodeURIComponent(fanOut)}`, { key: user.token });
    expect(costly.status).toBe(400);
    expect(costly.body).toMatchObject({ code: '54000', message: 'plan cost limit exceeded' });
    expect((costly.body as { hint: string }).hint).toMatch(/execution cost above 30/);
  });

  it("a read with embeds whose planned answer is over the role's local_supabase.answer_bytes_limit is refused (54000)", async () => {
    const small = await rest('nodes?select=id,pages(id)&id=eq.1&pages.order=id');
    expect(small.status).toBe(200);
    expect(small.body).toEqual([{ id: 1, pages: [{ id: 11 }, { id: 12 }, { id: 13 }] }]);
    // Nine pages of ~1.5 kB planned: over anon's 8,000 bytes, refused before it runs.
    const wide = await rest('nodes?select=id,pages(body)');
    expect(wide.status).toBe(400);
    expect(wide.body).toMatchObject({ code: '54000', message: 'answer size limit exceeded' });
    expect((wide.body as { hint: string }).hint).toMatch(/larger than 8000 bytes/);
  });

  it('the limit is per role: authenticated (8s by default) finishes a 1.5s call', async () => {
    const user = await makeUser(b);
    const a = await rest('rpc/spin', {
      method: 'POST',
      body: JSON.stringify({ seconds: 1.5 }),
      key: user.token,
    });
    expect(a.status).toBe(200);
    expect(typeof a.body).toBe('number');
  });
});

describe('crafted input is a 4xx in PostgREST shape', () => {
  it('an unknown full-text-search configuration → 400 42704', async () => {
    const a = await rest('nodes?select=id&search=fts(nosuchconfig).node');
    expect(a.status).toBe(400);
    expect(code(a)).toBe('42704');
  });

  it('an insert into a GENERATED ALWAYS column → 400 428C9, nothing written', async () => {
    const a = await rest('nodes', {
      method: 'POST',
      body: JSON.stringify({ id: 100, label: 'x', search: 'x' }),
    });
    expect(a.status).toBe(400);
    expect(code(a)).toBe('428C9');
    expect((await rest('nodes?select=id&id=eq.100')).body).toEqual([]);
  });

  it('an overloaded function that both match → 300 PGRST203', async () => {
    const a = await rest('rpc/pick', { method: 'POST', body: JSON.stringify({ x: 1 }) });
    expect(a.status).toBe(300);
    expect(code(a)).toBe('PGRST203');
    expect((a.body as { message: string }).message).toBe(
      'Could not choose the best candidate function between: public.pick(x => integer), public.pick(x => text)',
    );
  });

  it('a malformed percent escape in the path is a table not found, not a crash', async () => {
    const a = await rest('no%ZZdes?select=id');
    expect(a.status).toBe(404);
    expect(code(a)).toBe('PGRST205');
    const bad = await rest('nodes%C3%28?select=id');
    expect(bad.status).toBe(404);
  });

  it('a Host header that is no host does not matter', async () => {
    const status = await new Promise<string>((resolve, reject) => {
      const { port, hostname } = new URL(b.url);
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `GET /rest/v1/nodes?select=id&id=eq.1 HTTP/1.1\r\nHost: [\r\napikey: ${b.anonKey}\r\nConnection: close\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
    expect(status).toMatch(/^HTTP\/1\.1 (200|400) /);
  });

  it('JSON nested 100,000 levels deep → 400 PGRST102, for tables and functions', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const insert = await rest('nodes', {
      method: 'POST',
      body: `{"id": 101, "label": "deep", "meta": ${deep}}`,
    });
    expect(insert.status).toBe(400);
    expect(code(insert)).toBe('PGRST102');
    const call = await rest('rpc/pick', { method: 'POST', body: `{"x": ${deep}}` });
    expect(call.status).toBe(400);
    expect(code(call)).toBe('PGRST102');
    expect((await rest('nodes?select=id&id=eq.101')).body).toEqual([]);
  });

  it('a token whose sub holds a NUL is refused without a 500', async () => {
    const token = await signJwt(
      { sub: 'a\u0000b', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 },
      b.config.jwtSecret,
    );
    const a = await rest('nodes?select=id&id=eq.1', { key: token });
    expect(a.status).toBeLessThan(500);
    expect(a.body).not.toBeNull();
  });
});
