/** The product's server functions in supabase/functions, run by /functions/v1 as they would run on Supabase Edge. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anonClient, makeUser, startTestBackend, type TestBackend } from './helpers.js';

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

it('record-poster-scan records one scan of an existing poster, which its owner then reads', async () => {
  const owner = await makeUser(b);
  const { data: poster } = await owner.client.from('posters').insert({ title: 'Thurso QR' }).select('id').single();
  const { data, error } = await anonClient(b).functions.invoke('record-poster-scan', { body: { poster_id: poster!.id, source: 'qr' } });
  expect(error).toBeNull();
  expect(data).toEqual({ recorded: true });
  const scans = await owner.client.from('poster_scans').select('poster_id, source');
  expect(scans.data).toEqual([{ poster_id: poster!.id, source: 'qr' }]);
  // Anonymous visitors still cannot read scans.
  expect((await anonClient(b).from('poster_scans').select('*')).data).toEqual([]);
});

it('record-poster-scan refuses bad input and unknown posters, writing nothing', async () => {
  const before = (await b.db.query('select count(*)::int as n from public.poster_scans')).rows[0];
  const post = (body: string, method = 'POST') =>
    fetch(`${b.url}/functions/v1/record-poster-scan`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : body });
  expect((await post('{not json')).status).toBe(400);
  expect((await post(JSON.stringify({ poster_id: 'nope' }))).status).toBe(400);
  expect((await post(JSON.stringify({ poster_id: randomUUID() }))).status).toBe(404);
  expect((await post('', 'GET')).status).toBe(405);
  expect((await b.db.query('select count(*)::int as n from public.poster_scans')).rows[0]).toEqual(before);
});

it('an unknown function is 404', async () => {
  expect((await fetch(`${b.url}/functions/v1/no-such-function`, { headers: { apikey: b.anonKey } })).status).toBe(404);
});
