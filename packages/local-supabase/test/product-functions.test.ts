/** The product's server functions in supabase/functions, run by /functions/v1 as they would run on Supabase Edge. */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anonClient, makeUser, startTestBackend, type TestBackend } from './helpers.ts';

let b: TestBackend;
beforeAll(async () => {
  b = await startTestBackend();
});
afterAll(async () => {
  await b?.stop();
});

it('health answers without a key (verify_jwt = false in config.toml)', async () => {
  const res = await fetch(`${b.url}/functions/v1/health`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { status: string; time: string };
  expect(body.status).toBe('ok');
  expect(Number.isNaN(Date.parse(body.time))).toBe(false);
  const { data, error } = await anonClient(b).functions.invoke('health', { method: 'GET' });
  expect(error).toBeNull();
  expect(data.status).toBe('ok');
});

// The function goes through record_poster_scan(), the same rules as the site's own call: a visitor's repeat scans
// within 30 minutes count once, at most 60 scans a minute per poster, and the answer never tells whether a poster
// exists (a known and an unknown id get the same status and body).
const scanFn = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${b.url}/functions/v1/record-poster-scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
/** A scan from the loopback address `from` (a second address is a second client); resolves to the status. */
const scanFrom = (from: string, body: unknown, headers: Record<string, string> = {}): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(
      new URL('/functions/v1/record-poster-scan', b.url),
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
const scansOf = async (poster: string): Promise<number> =>
  Number(
    (
      await b.db.query<{ n: number }>(
        'select count(*)::int as n from public.poster_scans where poster_id = $1',
        [poster],
      )
    ).rows[0]!.n,
  );

it('record-poster-scan records a scan of an existing poster through record_poster_scan(), which its owner then reads', async () => {
  const owner = await makeUser(b);
  const { data: poster } = await owner.client
    .from('posters')
    .insert({ title: 'Thurso QR' })
    .select('id')
    .single();
  const { data, error } = await anonClient(b).functions.invoke('record-poster-scan', {
    body: { poster_id: poster!.id, source: 'qr', landing: '/seaforth-darts-welcome', visitor: randomUUID() },
  });
  expect(error).toBeNull();
  expect(data).toEqual({ accepted: true });
  const scans = await owner.client.from('poster_scans').select('poster_id, source, landing, visitor_hash');
  expect(scans.data).toHaveLength(1);
  expect(scans.data![0]).toMatchObject({
    poster_id: poster!.id,
    source: 'qr',
    landing: '/seaforth-darts-welcome',
  });
  // Only the salted hash is kept, never the visitor's id itself.
  expect(scans.data![0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
  // Anonymous visitors still cannot read scans.
  expect((await anonClient(b).from('poster_scans').select('*')).data).toEqual([]);
});

it('record-poster-scan answers a known and an unknown poster alike (no existence leak), recording only the known one', async () => {
  const owner = await makeUser(b);
  const { data: poster } = await owner.client
    .from('posters')
    .insert({ title: 'Private' })
    .select('id')
    .single();
  const known = await scanFn({ poster_id: poster!.id });
  const unknown = await scanFn({ poster_id: randomUUID() });
  expect(unknown.status).toBe(known.status);
  expect(await unknown.json()).toEqual(await known.json());
  expect(await scansOf(poster!.id)).toBe(1);
});

it('record-poster-scan de-duplicates a visitor and caps a flood, as record_poster_scan() does', async () => {
  const owner = await makeUser(b);
  const { data: poster } = await owner.client
    .from('posters')
    .insert({ title: 'Flood' })
    .select('id')
    .single();
  const visitor = randomUUID();
  for (let i = 0; i < 3; i++) expect((await scanFn({ poster_id: poster!.id, visitor })).status).toBe(202);
  expect(await scansOf(poster!.id)).toBe(1);
  // The client address (as the platform's gateway reports it) also tells visitors apart: a second address is a
  // second visitor, a forged forwarding header is not.
  for (let i = 0; i < 2; i++)
    expect(
      await scanFrom('127.0.0.2', { poster_id: poster!.id }, { 'x-forwarded-for': `203.0.113.${i}` }),
    ).toBe(202);
  expect(await scansOf(poster!.id)).toBe(2);
  expect(await scanFrom('127.0.0.3', { poster_id: poster!.id })).toBe(202);
  expect(await scansOf(poster!.id)).toBe(3);
  // New visitors each time: at most 60 a minute are recorded.
  const answers = await Promise.all(
    Array.from({ length: 70 }, () =>
      scanFn({ poster_id: poster!.id, visitor: randomUUID() }).then((r) => r.status),
    ),
  );
  expect(new Set(answers)).toEqual(new Set([202]));
  expect(await scansOf(poster!.id)).toBe(60);
});

it('record-poster-scan refuses bad input with a clear error, writing nothing', async () => {
  const before = (await b.db.query('select count(*)::int as n from public.poster_scans')).rows[0];
  const bad = async (res: Promise<Response>, status: number, error: RegExp) => {
    const r = await res;
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: string }).error).toMatch(error);
  };
  await bad(scanFn('{not json'), 400, /JSON/);
  await bad(scanFn('[1]'), 400, /JSON object/);
  await bad(scanFn({ poster_id: 'nope' }), 400, /poster_id/);
  await bad(scanFn({ poster_id: randomUUID(), landing: '/elsewhere' }), 400, /landing/);
  await bad(scanFn({ poster_id: randomUUID(), source: 42 }), 400, /source/);
  await bad(scanFn({ poster_id: randomUUID(), visitor: 'x'.repeat(101) }), 400, /visitor/);
  await bad(scanFn('x'.repeat(20_000)), 413, /too large/);
  await bad(fetch(`${b.url}/functions/v1/record-poster-scan`), 405, /Method not allowed/);
  expect((await b.db.query('select count(*)::int as n from public.poster_scans')).rows[0]).toEqual(before);
});

it('an unknown function is 404', async () => {
  expect(
    (await fetch(`${b.url}/functions/v1/no-such-function`, { headers: { apikey: b.anonKey } })).status,
  ).toBe(404);
});
