/**
 * record_poster_scan(): a scan is a write, so a GET must never record one, and its answer must not tell whether a
 * private poster exists.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser, startTestBackend, type TestBackend } from './helpers.ts';

let b: TestBackend;
let poster: string;

const scans = async (): Promise<number> =>
  Number(
    (
      await b.db.query<{ n: number }>(
        'select count(*)::int as n from public.poster_scans where poster_id = $1',
        [poster],
      )
    ).rows[0]!.n,
  );

/** Calls the function as PostgREST would for an anonymous request with this method (role, claims, request.method). */
const callAs = (method: string, opts: { readOnly?: boolean } = {}) =>
  b.db.transaction(
    (tx) => tx.query('select public.record_poster_scan($1::uuid, $2)', [poster, 'qr']),
    `${opts.readOnly ? 'set transaction read only; ' : ''}select set_config('role', 'anon', true), set_config('request.method', '${method}', true)`,
  );

beforeAll(async () => {
  b = await startTestBackend();
  const owner = await makeUser(b);
  poster = (
    await b.db.query<{ id: string }>(
      `insert into public.posters (user_id, title) values ($1, 'QR') returning id`,
      [owner.id],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await b?.stop();
});

it('records a scan when called with POST', async () => {
  const before = await scans();
  await callAs('POST');
  expect(await scans()).toBe(before + 1);
});

it.each(['GET', 'HEAD'])(
  'refuses to record a scan when the request method is %s (SQLSTATE 25006), writing nothing',
  async (method) => {
    const before = await scans();
    await expect(callAs(method)).rejects.toMatchObject({ code: '25006' });
    expect(await scans()).toBe(before);
  },
);

it('refuses in a read-only transaction, as PostgREST runs GET requests', async () => {
  const before = await scans();
  await expect(callAs('', { readOnly: true })).rejects.toMatchObject({ code: '25006' });
  expect(await scans()).toBe(before);
});

it.each(['GET', 'HEAD'])(
  'a %s through the REST API answers 405 (25006) and records nothing',
  async (method) => {
    const before = await scans();
    const res = await fetch(`${b.url}/rest/v1/rpc/record_poster_scan?poster_id=${poster}&source=qr`, {
      method,
      headers: { apikey: b.anonKey, authorization: `Bearer ${b.anonKey}` },
    });
    expect(res.status).toBe(405);
    if (method === 'GET') expect(await res.json()).toMatchObject({ code: '25006' });
    expect(await scans()).toBe(before);
  },
);

it('answers an anonymous POST for an unknown poster exactly as for an existing one', async () => {
  const post = async (id: string) => {
    const res = await fetch(`${b.url}/rest/v1/rpc/record_poster_scan`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${b.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ poster_id: id, source: 'qr' }),
    });
    return { status: res.status, body: await res.text() };
  };
  const before = await scans();
  const known = await post(poster);
  const unknown = await post(randomUUID());
  expect(known.status).toBeLessThan(300);
  expect(unknown).toEqual(known);
  expect(await scans()).toBe(before + 1);
});
