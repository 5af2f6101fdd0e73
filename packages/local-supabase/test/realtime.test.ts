/**
 * Supabase Realtime through the unmodified supabase-js (ws transport in Node): postgres_changes payloads,
 * filters and event kinds, commit order and rollbacks; broadcast with and without self/ack and over REST;
 * presence sync/join/leave; both serializers.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from './helpers.ts';
import {
  quiesce,
  realtimeClient,
  startRealtimeBackend,
  subscribe,
  subscribed,
  waitFor,
} from './realtime-helpers.ts';

let b: TestBackend;
const clients: SupabaseClient[] = [];
const client = (...args: Parameters<typeof realtimeClient> extends [unknown, ...infer R] ? R : never) => {
  const c = realtimeClient(b, ...args);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  b = await startRealtimeBackend();
  await b.db.exec(`
    create table public.rt_items (id bigint generated always as identity primary key, label text, n int, tags text[],
      meta jsonb, at timestamptz default now(), secret text);
    alter table public.rt_items enable row level security;
    create policy "rt_items readable" on public.rt_items for select using (true);
    create policy "rt_items writable" on public.rt_items for insert with check (true);
    revoke select (secret) on public.rt_items from anon;
    revoke select on public.rt_items from anon;
    grant select (id, label, n, tags, meta, at) on public.rt_items to anon;
    create table public.rt_full (id int primary key, label text);
    alter table public.rt_full replica identity full;
    create table public.rt_unpublished (id int primary key);
    alter publication supabase_realtime add table public.rt_items, public.rt_full;`);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

afterAll(async () => {
  await b.stop();
});

type Change = {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  commit_timestamp: string;
  errors: unknown;
  schema: string;
  table: string;
};

function listen(
  c: SupabaseClient,
  name: string,
  filter: { event: string; table: string; filter?: string; select?: string[] },
) {
  const got: Change[] = [];
  const system: { status: string; message: string }[] = [];
  const channel = c
    .channel(name)
    .on('postgres_changes' as never, { schema: 'public', ...filter } as never, (p: Change) => got.push(p))
    .on('system', {}, (p: { status: string; message: string }) => system.push(p));
  return { channel, got, system };
}

const insert = async (label: string, n: number) =>
  (
    await b.db.query<{ id: string }>(
      'insert into public.rt_items (label, n, tags, meta, secret) values ($1, $2, $3, $4, $5) returning id',
      [label, n, ['a', 'b'], { k: n }, 's3cret'],
    )
  ).rows[0]!.id;

describe('postgres_changes', () => {
  it('delivers inserts, updates and deletes with Realtime payloads (primary key only in old without REPLICA IDENTITY FULL)', async () => {
    const { channel, got, system } = listen(client(), 'items-all', { event: '*', table: 'rt_items' });
    await subscribed(channel);
    await waitFor(
      () => system.find((s) => s.message === 'Subscribed to PostgreSQL'),
      'subscription confirmation',
    );
    // RLS is checked against the row as it is when the change is processed (as hosted Realtime does), so each
    // step waits for the previous change: a row already deleted would hide its own insert from RLS.
    const id = Number(await insert('first', 1));
    await waitFor(() => got.length >= 1, 'the insert');
    await b.db.query(`update public.rt_items set label = 'renamed' where id = $1`, [id]);
    await waitFor(() => got.length >= 2, 'the update');
    await b.db.query('delete from public.rt_items where id = $1', [id]);
    await waitFor(() => got.length >= 3, 'the delete');
    const [ins, upd, del] = got;
    expect(ins).toMatchObject({
      schema: 'public',
      table: 'rt_items',
      eventType: 'INSERT',
      errors: null,
      old: {},
    });
    expect(ins!.new).toMatchObject({ id, label: 'first', n: 1, tags: ['a', 'b'], meta: { k: 1 } });
    // anon may not select `secret`, so the column is not sent (hosted Realtime filters by column privilege).
    expect(ins!.new).not.toHaveProperty('secret');
    expect(ins!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id, label: 'renamed' }, old: { id } });
    expect(Object.keys(upd!.old)).toEqual(['id']);
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(Object.keys(del!.old)).toEqual(['id']);
  });

  it('sends the whole old row with REPLICA IDENTITY FULL', async () => {
    const { channel, got } = listen(client(undefined, { key: b.serviceRoleKey }), 'full', {
      event: '*',
      table: 'rt_full',
    });
    await subscribed(channel);
    await b.db.query(`insert into public.rt_full values (1, 'one')`);
    await b.db.query(`update public.rt_full set label = 'uno' where id = 1`);
    await b.db.query('delete from public.rt_full where id = 1');
    await waitFor(() => got.length >= 3, 'three changes');
    expect(got[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id: 1, label: 'uno' },
      old: { id: 1, label: 'one' },
    });
    expect(got[2]).toMatchObject({ eventType: 'DELETE', old: { id: 1, label: 'uno' } });
  });

  it('delivers only the subscribed event kind', async () => {
    const inserts = listen(client(), 'ins-only', { event: 'INSERT', table: 'rt_items' });
    const updates = listen(client(), 'upd-only', { event: 'UPDATE', table: 'rt_items' });
    await Promise.all([subscribed(inserts.channel), subscribed(updates.channel)]);
    const id = await insert('kinds', 2);
    await b.db.query(`update public.rt_items set n = 3 where id = $1`, [id]);
    await waitFor(() => inserts.got.length && updates.got.length, 'one of each');
    await quiesce(b);
    expect(inserts.got.map((c) => c.eventType)).toEqual(['INSERT']);
    expect(updates.got.map((c) => c.eventType)).toEqual(['UPDATE']);
  });

  it.each([
    ['n=eq.5', [5]],
    ['n=neq.5', [3, 7]],
    ['n=lt.5', [3]],
    ['n=lte.5', [3, 5]],
    ['n=gt.5', [7]],
    ['n=gte.5', [5, 7]],
    ['n=in.(3,7)', [3, 7]],
    ['label=eq.seven', [7]],
    ['n=not.in.(3,7)', [5]],
  ])('filter %s', async (filter, expected) => {
    const { channel, got, system } = listen(client(), `filter-${filter}`, {
      event: 'INSERT',
      table: 'rt_items',
      filter,
    });
    await subscribed(channel);
    await waitFor(() => system.length, 'system message');
    expect(system[0]).toMatchObject({ status: 'ok' });
    const all = listen(client(), `sentinel-${filter}`, { event: 'INSERT', table: 'rt_items' });
    await subscribed(all.channel);
    for (const [n, label] of [
      [3, 'three'],
      [5, 'five'],
      [7, 'seven'],
    ] as const)
      await insert(label, n);
    await waitFor(() => all.got.length >= 3, 'all three at the unfiltered subscriber');
    await quiesce(b);
    expect(got.map((c) => c.new.n)).toEqual(expected);
  });

  it('refuses a filter on an unknown column or a bad value with the error Realtime gives, and delivers nothing', async () => {
    const unknown = listen(client(), 'bad-col', { event: '*', table: 'rt_items', filter: 'nope=eq.1' });
    const badValue = listen(client(), 'bad-val', { event: '*', table: 'rt_items', filter: 'n=eq.abc' });
    const badOp = listen(client(), 'bad-op', { event: '*', table: 'rt_items', filter: 'n=foo.1' });
    const unpublished = listen(client(), 'unpublished', { event: '*', table: 'rt_unpublished' });
    for (const l of [unknown, badValue, badOp, unpublished])
      expect((await subscribe(l.channel)).status).toBe('SUBSCRIBED');
    await waitFor(
      () => [unknown, badValue, badOp, unpublished].every((l) => l.system.length),
      'system messages',
    );
    expect(unknown.system[0]).toMatchObject({
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ' +
        '[event: *, schema: public, table: rt_items, filters: [{"nope", "eq", "1", false}], select: nil]. ' +
        'Exception: ERROR P0001 (raise_exception) invalid column for filter nope',
    });
    expect(badValue.system[0]!.message).toContain(
      'ERROR 22P02 (invalid_text_representation) invalid input syntax for type integer: "abc"',
    );
    expect(badOp.system[0]).toMatchObject({
      status: 'error',
      message: 'Error parsing `filter` params: ["foo", "1"]',
    });
    expect(unpublished.system[0]).toMatchObject({
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ' +
        '[event: *, schema: public, table: rt_unpublished, filters: [], select: nil]',
    });
    await insert('unfiltered', 1);
    await quiesce(b);
    expect(unknown.got.length + badValue.got.length).toBe(0);
  });

  it('routes each change to the bindings it matches by id, and sends only the selected columns', async () => {
    const inserts: Change[] = [];
    const deletes: Change[] = [];
    const narrow: Change[] = [];
    const c = client();
    const channel = c
      .channel('multi')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_items' }, (p) =>
        inserts.push(p as unknown as Change),
      )
      .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rt_items' }, (p) =>
        deletes.push(p as unknown as Change),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_items', select: ['label'] },
        (p) => narrow.push(p as unknown as Change),
      );
    await subscribed(channel);
    const id = await insert('routed', 9);
    await waitFor(() => inserts.length && narrow.length, 'the insert at both insert bindings');
    await b.db.query('delete from public.rt_items where id = $1', [id]);
    await waitFor(() => inserts.length && deletes.length && narrow.length, 'all three bindings');
    await quiesce(b);
    expect(inserts.map((c) => c.eventType)).toEqual(['INSERT']);
    expect(deletes.map((c) => c.eventType)).toEqual(['DELETE']);
    expect(narrow).toHaveLength(1);
    expect(Object.keys(narrow[0]!.new).sort()).toEqual(['id', 'label']);
  });

  it('never delivers a rolled-back change, and delivers committed ones in commit order', async () => {
    const { channel, got } = listen(client(), 'order', { event: 'INSERT', table: 'rt_items' });
    await subscribed(channel);
    await b.db
      .transaction(async (tx) => {
        await tx.query(`insert into public.rt_items (label, n) values ('rolled back', 0)`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed: string[] = [];
    // Two transactions that overlap: the second may commit first (PostgreSQL); PGlite runs them in turn.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = b.db.transaction(async (tx) => {
      await tx.query(`insert into public.rt_items (label, n) values ('first-begun', 0)`);
      await Promise.race([gate, new Promise((r) => setTimeout(r, 300))]);
    });
    const second = b.db.transaction(async (tx) => {
      await tx.query(`insert into public.rt_items (label, n) values ('second-begun', 0)`);
    });
    void second.then(() => committed.push('second-begun'));
    void first.then(() => committed.push('first-begun'));
    await second;
    release();
    await first;
    for (let i = 0; i < 20; i++) {
      await insert(`seq-${i}`, i);
      committed.push(`seq-${i}`);
    }
    await waitFor(() => got.length >= committed.length, 'every committed insert');
    await quiesce(b);
    expect(got.map((c) => c.new.label)).toEqual(committed);
  });

  it('subscribes to every published table of a schema', async () => {
    const got: Change[] = [];
    const channel = client(undefined, { key: b.serviceRoleKey })
      .channel('schema-wide')
      .on('postgres_changes', { event: 'INSERT', schema: 'public' }, (p) => got.push(p as unknown as Change));
    await subscribed(channel);
    await insert('wide', 1);
    await b.db.query(`insert into public.rt_full values (42, 'wide')`);
    await waitFor(() => got.length >= 2, 'both tables');
    expect(got.map((c) => c.table).sort()).toEqual(['rt_full', 'rt_items']);
  });
});

describe('broadcast', () => {
  const pair = async (
    config: { self?: boolean; ack?: boolean },
    vsns: ['1.0.0' | '2.0.0', '1.0.0' | '2.0.0'] = ['2.0.0', '2.0.0'],
  ) => {
    const topic = `room-${Math.random().toString(36).slice(2)}`;
    const received: { sender: unknown[]; other: unknown[] } = { sender: [], other: [] };
    const sender = client(undefined, { vsn: vsns[0] })
      .channel(topic, { config: { broadcast: config } })
      .on('broadcast', { event: 'msg' }, (p) => received.sender.push(p));
    const other = client(undefined, { vsn: vsns[1] })
      .channel(topic)
      .on('broadcast', { event: 'msg' }, (p) => received.other.push(p));
    await Promise.all([subscribed(sender), subscribed(other)]);
    return { topic, sender, other, received };
  };

  it('reaches the other subscribers but not the sender without `self`', async () => {
    const { sender, received } = await pair({});
    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: { text: 'hi' } })).toBe('ok');
    await waitFor(() => received.other.length, 'delivery');
    await new Promise((r) => setTimeout(r, 200));
    expect(received.other).toEqual([{ type: 'broadcast', event: 'msg', payload: { text: 'hi' } }]);
    expect(received.sender).toEqual([]);
  });

  it('comes back to the sender with `self`', async () => {
    const { sender, received } = await pair({ self: true });
    await sender.send({ type: 'broadcast', event: 'msg', payload: { n: 1 } });
    await waitFor(() => received.sender.length && received.other.length, 'both');
    expect(received.sender).toEqual([{ type: 'broadcast', event: 'msg', payload: { n: 1 } }]);
  });

  it('is acknowledged by the server with `ack` (send waits for the reply)', async () => {
    const { sender } = await pair({ ack: true });
    // With ack the promise settles on the server's reply; a server that never replied would give 'timed out'.
    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: {} }, { timeout: 2000 })).toBe('ok');
  });

  it('crosses serializers: 2.0.0 binary frames reach 1.0.0 clients as JSON and back', async () => {
    const { sender, other, received } = await pair({}, ['2.0.0', '1.0.0']);
    await sender.send({ type: 'broadcast', event: 'msg', payload: { from: 'v2' } });
    await waitFor(() => received.other.length, 'v1 delivery');
    expect(received.other[0]).toEqual({ type: 'broadcast', event: 'msg', payload: { from: 'v2' } });
    const back: unknown[] = [];
    sender.on('broadcast', { event: 'reply' }, (p) => back.push(p));
    await other.send({ type: 'broadcast', event: 'reply', payload: { from: 'v1' } });
    await waitFor(() => back.length, 'v2 delivery');
    expect(back[0]).toEqual({ type: 'broadcast', event: 'reply', payload: { from: 'v1' } });
  });

  it('carries binary payloads between 2.0.0 clients', async () => {
    const { sender, received } = await pair({});
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await sender.send({ type: 'broadcast', event: 'msg', payload: bytes.buffer });
    await waitFor(() => received.other.length, 'binary delivery');
    const got = received.other[0] as { payload: ArrayBuffer };
    expect([...new Uint8Array(got.payload)]).toEqual([...bytes]);
  });

  it('is sent over REST: httpSend() and the batch endpoint', async () => {
    const { topic, sender, received } = await pair({});
    expect(await sender.httpSend('msg', { via: 'httpSend' })).toEqual({ success: true });
    const res = await fetch(`${b.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'msg', payload: { via: 'batch' } }] }),
    });
    expect(res.status).toBe(202);
    await waitFor(() => received.other.length >= 2, 'both REST deliveries');
    expect(received.other.map((p) => (p as { payload: { via: string } }).payload.via).sort()).toEqual([
      'batch',
      'httpSend',
    ]);
  });

  it('refuses bad REST requests with Realtime statuses and delivers nothing', async () => {
    const post = (path: string, init: RequestInit) =>
      fetch(`${b.url}/realtime/v1/api/${path}`, { method: 'POST', ...init });
    const json = { 'content-type': 'application/json' };
    // Without one of the project's keys the gateway refuses, as hosted Supabase's does (test/api-key.test.ts).
    expect(await (await post('broadcast', { headers: json, body: '{"messages":[]}' })).json()).toMatchObject({
      message: 'No API key found in request',
    });
    expect(
      await (await post('broadcast', { headers: { ...json, apikey: 'not-a-jwt' }, body: '{}' })).json(),
    ).toMatchObject({ message: 'Invalid API key' });
    // Past the gateway, a bearer that is no valid token is Realtime's own 401.
    const badBearer = await post('broadcast', {
      headers: { ...json, apikey: b.anonKey, authorization: 'Bearer not-a-jwt' },
      body: '{}',
    });
    expect(badBearer.status).toBe(401);
    expect(await badBearer.json()).toEqual({ message: 'Unauthorized' });
    const invalid = await post('broadcast', {
      headers: { ...json, apikey: b.anonKey },
      body: JSON.stringify({ messages: [{ topic: 't', event: 'e' }] }),
    });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ errors: { messages: [{ payload: ["can't be blank"] }] } });
    expect((await post('broadcast', { headers: { ...json, apikey: b.anonKey }, body: '{' })).status).toBe(
      400,
    );
    const media = await post('broadcast/t/events/e', {
      headers: { 'content-type': 'text/plain', apikey: b.anonKey },
      body: 'x',
    });
    expect(media.status).toBe(415);
  });
});

describe('presence', () => {
  it('syncs state, and reports joins, updates and leaves (untrack and disconnect)', async () => {
    const topic = `lobby-${Math.random().toString(36).slice(2)}`;
    const watcherEvents: { event: string; key: string }[] = [];
    const watcher = client()
      .channel(topic, { config: { presence: { key: 'watcher' } } })
      .on('presence', { event: 'join' }, (p) => watcherEvents.push({ event: 'join', key: p.key }))
      .on('presence', { event: 'leave' }, (p) => watcherEvents.push({ event: 'leave', key: p.key }));
    await subscribed(watcher);
    await watcher.track({ role: 'watcher' });
    const aliceClient = realtimeClient(b);
    const alice = aliceClient
      .channel(topic, { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'sync' }, () => undefined);
    await subscribed(alice);
    expect(await alice.track({ status: 'online' })).toBe('ok');
    await waitFor(() => Object.keys(alice.presenceState()).length === 2, 'alice sees both');
    await waitFor(() => watcher.presenceState().alice, 'watcher sees alice');
    expect(watcher.presenceState<{ status: string }>().alice![0]).toMatchObject({ status: 'online' });
    expect(watcher.presenceState().alice![0]!.presence_ref).toEqual(expect.any(String));

    await alice.track({ status: 'away' });
    await waitFor(() => watcher.presenceState<{ status: string }>().alice?.[0]?.status === 'away', 'update');
    expect(watcher.presenceState().alice).toHaveLength(1);

    await alice.untrack();
    await waitFor(() => !watcher.presenceState().alice, 'untrack leave');
    await alice.track({ status: 'back' });
    await waitFor(() => watcher.presenceState().alice, 'rejoin');
    // The socket goes away without leaving: the server notices and reports the leave.
    await aliceClient.realtime.disconnect();
    await waitFor(() => !watcher.presenceState().alice, 'disconnect leave');
    expect(watcherEvents.filter((e) => e.key === 'alice').map((e) => e.event)).toEqual([
      'join',
      'join',
      'leave',
      'leave',
      'join',
      'leave',
    ]);
  });
});
