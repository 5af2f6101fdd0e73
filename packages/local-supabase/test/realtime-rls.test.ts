/**
 * Who receives what: the RLS matrix of the site's published tables (E-Board submissions, consultations, poster
 * scans) as anon, owner, other user and administrator; private channels authorised by policies on
 * realtime.messages; a token refreshed (or run out) on an open channel.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt.ts';
import { makeUser, serviceClient, type TestBackend, type TestUser } from './helpers.ts';
import {
  quiesce,
  realtimeClient,
  startRealtimeBackend,
  subscribe,
  subscribed,
  waitFor,
  type RealtimeTestClient,
} from './realtime-helpers.ts';

let b: TestBackend;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
const clients: RealtimeTestClient[] = [];
const track = <T extends RealtimeTestClient>(c: T): T => {
  clients.push(c);
  return c;
};

beforeAll(async () => {
  b = await startRealtimeBackend();
  [owner, other, admin] = await Promise.all([makeUser(b), makeUser(b), makeUser(b, { admin: true })]);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

afterAll(async () => {
  await b.stop();
});

type Actor = 'anon' | 'owner' | 'other' | 'admin';
const ACTORS: Actor[] = ['anon', 'owner', 'other', 'admin'];
type Seen = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };

/**
 * Subscribes the four actors to every change of `table`, runs `act`, then deletes a sentinel row (a delete
 * reaches every subscriber, as in hosted Realtime) and returns what each actor saw before the sentinel:
 * changes arrive in commit order, so anything still missing then was never sent.
 */
async function matrix(
  table: string,
  sentinel: () => Promise<string>,
  act: (processed: (n: number) => Promise<unknown>) => Promise<void>,
): Promise<Record<Actor, Seen[]>> {
  const tokens: Record<Actor, string | undefined> = {
    anon: undefined,
    owner: owner.token,
    other: other.token,
    admin: admin.token,
  };
  const seen = {} as Record<Actor, Seen[]>;
  const sentinelId = String(await sentinel());
  await Promise.all(
    ACTORS.map((actor) => {
      seen[actor] = [];
      const channel = track(realtimeClient(b, tokens[actor]))
        .channel(`${table}-${actor}-${randomUUID()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table }, (p) =>
          seen[actor].push(p as unknown as Seen),
        );
      return subscribed(channel);
    }),
  );
  // RLS is checked against each row as it is when its change is processed (as hosted Realtime does): `act` waits
  // for the administrator, who sees every change, before changing a row again.
  await act((n) => waitFor(() => seen.admin.length >= n, `${n} changes at the administrator`));
  await b.db.query(`delete from public.${table} where id = $1`, [sentinelId]);
  await waitFor(
    () =>
      ACTORS.every((a) => seen[a].some((s) => s.eventType === 'DELETE' && String(s.old.id) === sentinelId)),
    'the sentinel at every actor',
  );
  for (const actor of ACTORS) {
    const at = seen[actor].findIndex((s) => s.eventType === 'DELETE' && String(s.old.id) === sentinelId);
    // Deletes carry only the primary key: RLS cannot be checked against a row that is gone.
    expect(Object.keys(seen[actor][at]!.old)).toEqual(['id']);
    // The sentinel's own insert was committed before the subscriptions, but its notification can still be on its
    // way (PostgreSQL notifies on another connection), so a subscriber may receive it: it is not part of the matrix.
    seen[actor] = seen[actor].slice(0, at).filter((s) => String(s.new.id) !== sentinelId);
  }
  return seen;
}

const summary = (seen: Record<Actor, Seen[]>) =>
  Object.fromEntries(
    ACTORS.map((a) => [
      a,
      seen[a].map(
        (s) => `${s.eventType}:${String(s.new.title ?? s.new.name ?? s.new.source ?? s.new.status ?? '')}`,
      ),
    ]),
  );

describe('RLS matrix of the published tables', () => {
  it('eboard_submissions: an entry and its approval reach its submitter and admins only (visitors read the board view)', async () => {
    let id = '';
    const seen = await matrix(
      'eboard_submissions',
      async () =>
        (
          await b.db.query<{ id: string }>(
            `insert into public.eboard_submissions (title) values ('sentinel') returning id`,
          )
        ).rows[0]!.id,
      async (processed) => {
        // The submit function stores the owner's entry with the service role; the admin approves through REST.
        const inserted = await serviceClient(b)
          .from('eboard_submissions')
          .insert({ title: 'Ceilidh night', user_id: owner.id })
          .select('id')
          .single();
        expect(inserted.error).toBeNull();
        id = inserted.data!.id as string;
        await processed(1);
        const approved = await admin.client
          .from('eboard_submissions')
          .update({ status: 'approved' })
          .eq('id', id);
        expect(approved.error).toBeNull();
      },
    );
    expect(summary(seen)).toEqual({
      anon: [],
      owner: ['INSERT:Ceilidh night', 'UPDATE:Ceilidh night'],
      other: [],
      admin: ['INSERT:Ceilidh night', 'UPDATE:Ceilidh night'],
    });
    expect(seen.owner[1]).toMatchObject({ new: { id, status: 'approved' }, old: { id } });
  });

  it('consultations: a request reaches its requester and admins only; an anonymous request only admins', async () => {
    const seen = await matrix(
      'consultations',
      async () =>
        (
          await b.db.query<{ id: string }>(
            `insert into public.consultations (name, email) values ('sentinel', 's@x.test') returning id`,
          )
        ).rows[0]!.id,
      async (processed) => {
        // As the submit function stores them, with the service role: one for the signed-in owner, one for a visitor.
        const service = serviceClient(b);
        expect(
          (
            await service
              .from('consultations')
              .insert({ name: 'Owner request', email: owner.email, user_id: owner.id })
          ).error,
        ).toBeNull();
        expect(
          (await service.from('consultations').insert({ name: 'Visitor request', email: 'visitor@x.test' }))
            .error,
        ).toBeNull();
        await processed(2);
        expect(
          (
            await admin.client
              .from('consultations')
              .update({ status: 'contacted' })
              .eq('name', 'Owner request')
          ).error,
        ).toBeNull();
      },
    );
    expect(summary(seen)).toEqual({
      anon: [],
      owner: ['INSERT:Owner request', 'UPDATE:Owner request'],
      other: [],
      admin: ['INSERT:Owner request', 'INSERT:Visitor request', 'UPDATE:Owner request'],
    });
  });

  it('poster_scans: a scan reaches the poster owner and admins only', async () => {
    const poster = (
      await b.db.query<{ id: string }>(
        `insert into public.posters (user_id, title) values ($1, 'Gig poster') returning id`,
        [owner.id],
      )
    ).rows[0]!.id;
    const seen = await matrix(
      'poster_scans',
      async () =>
        (
          await b.db.query<{ id: string }>(
            `insert into public.poster_scans (poster_id, source) values ($1, 'sentinel') returning id`,
            [poster],
          )
        ).rows[0]!.id,
      async () => {
        // Visitors record scans through the security-definer function, as the QR landing page does.
        const scan = await realtimeClient(b).rpc('record_poster_scan', { poster_id: poster, source: 'qr' });
        expect(scan.error).toBeNull();
      },
    );
    expect(summary(seen)).toEqual({ anon: [], owner: ['INSERT:qr'], other: [], admin: ['INSERT:qr'] });
  });
});

describe('private channels (policies on realtime.messages)', () => {
  let writer: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  const topic = `room-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    [writer, reader, outsider] = await Promise.all([makeUser(b), makeUser(b), makeUser(b)]);
    await b.db.exec(`
      create table if not exists public.rt_members (topic text, user_id uuid, can_write boolean, primary key (topic, user_id));
      alter table public.rt_members enable row level security;
      create policy "own memberships" on public.rt_members for select to authenticated using (user_id = auth.uid());
      create policy "members read their topics" on realtime.messages for select to authenticated
        using (exists (select 1 from public.rt_members m where m.topic = realtime.topic() and m.user_id = auth.uid()));
      create policy "writers send" on realtime.messages for insert to authenticated
        with check (exists (select 1 from public.rt_members m where m.topic = realtime.topic() and m.user_id = auth.uid() and m.can_write));`);
    await b.db.query('insert into public.rt_members values ($1, $2, true), ($1, $3, false)', [
      topic,
      writer.id,
      reader.id,
    ]);
  });

  const join = (user: TestUser | null, config: Record<string, unknown> = {}) => {
    const received: { event: string; payload: unknown; meta?: unknown }[] = [];
    const channel = track(realtimeClient(b, user?.token))
      .channel(topic, { config: { private: true, ...config } })
      .on('broadcast', { event: '*' }, (p) =>
        received.push(p as unknown as { event: string; payload: unknown }),
      );
    return { channel, received };
  };

  it('refuses to join without a read policy, with Realtime reason', async () => {
    for (const who of [outsider, null]) {
      const { status, error } = await subscribe(join(who).channel);
      expect(status).toBe('CHANNEL_ERROR');
      expect(error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
    }
  });

  it('delivers a writer broadcast to readers, drops a reader broadcast, and keeps the public topic apart', async () => {
    const w = join(writer, { broadcast: { ack: true } });
    const r = join(reader, { broadcast: { ack: true } });
    const pub = track(realtimeClient(b, outsider.token)).channel(topic);
    const publicReceived: unknown[] = [];
    pub.on('broadcast', { event: '*' }, (p) => publicReceived.push(p));
    await Promise.all([subscribed(w.channel), subscribed(r.channel), subscribed(pub)]);
    expect(await w.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'writer' } })).toBe(
      'ok',
    );
    await waitFor(() => r.received.length, 'reader delivery');
    expect(r.received[0]).toMatchObject({ event: 'note', payload: { from: 'writer' } });
    // Without the write policy the server drops the message and never acknowledges it.
    expect(
      await r.channel.send(
        { type: 'broadcast', event: 'note', payload: { from: 'reader' } },
        { timeout: 1000 },
      ),
    ).toBe('timed out');
    expect(await w.channel.httpSend('note', { from: 'writer-rest' })).toEqual({ success: true });
    await expect(r.channel.httpSend('note', { from: 'reader-rest' })).rejects.toThrow('Unauthorized');
    await b.db.query(`select realtime.send('{"from":"database"}'::jsonb, 'note', $1, true)`, [topic]);
    await waitFor(() => w.received.length >= 2, 'writer gets the REST and database broadcasts');
    await quiesce(b);
    expect(w.received.map((m) => (m.payload as { from: string }).from)).toEqual(['writer-rest', 'database']);
    expect(w.received[1]!.meta).toEqual({ id: expect.any(String) });
    expect(publicReceived).toEqual([]);
  });

  it('lets members with the write policy track presence; readers see it but cannot track', async () => {
    const w = join(writer, { presence: { key: 'writer' } });
    const r = join(reader, { presence: { key: 'reader' } });
    r.channel.on('presence', { event: 'sync' }, () => undefined);
    await Promise.all([subscribed(w.channel), subscribed(r.channel)]);
    expect(await w.channel.track({ online: true })).toBe('ok');
    expect(await r.channel.track({ online: true })).toBe('error');
    await waitFor(() => r.channel.presenceState().writer, 'reader sees the writer');
    expect(r.channel.presenceState().reader).toBeUndefined();
  });
});

describe('tokens on an open channel', () => {
  it('a refreshed token of another user re-decides what the channel receives', async () => {
    const c = track(realtimeClient(b, other.token));
    const seen: string[] = [];
    const system: string[] = [];
    const channel = c
      .channel(`switch-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'consultations' }, (p) =>
        seen.push(String(p.new.name)),
      )
      .on('system', {}, (p: { message: string }) => system.push(p.message));
    // An administrator's channel shows when a change has been processed (claims count when it is processed).
    const processed: string[] = [];
    const watcher = track(realtimeClient(b, admin.token))
      .channel(`switch-watch-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'consultations' }, (p) =>
        processed.push(String(p.new.name)),
      );
    await Promise.all([subscribed(channel), subscribed(watcher)]);
    await waitFor(() => system.length === 1, 'first subscription');
    await serviceClient(b)
      .from('consultations')
      .insert({ name: 'before switch', email: owner.email, user_id: owner.id });
    await waitFor(() => processed.includes('before switch'), 'the first insert processed');
    c.setToken(admin.token);
    await c.realtime.setAuth();
    await waitFor(() => system.length === 2, 'subscription renewed with the new claims');
    await serviceClient(b)
      .from('consultations')
      .insert({ name: 'after switch', email: owner.email, user_id: owner.id });
    await waitFor(() => seen.length, 'the admin-visible insert');
    await quiesce(b);
    expect(seen).toEqual(['after switch']);
    expect(channel.state).toBe('joined');
  });

  it('closes the channel when its token runs out, with Realtime message', async () => {
    const now = Math.floor(Date.now() / 1000);
    const short = await signJwt(
      { sub: owner.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 2 },
      b.config.jwtSecret,
    );
    const statuses: string[] = [];
    const system: { status: string; message: string }[] = [];
    const channel = track(realtimeClient(b, short))
      .channel(`expiring-${randomUUID()}`)
      .on('system', {}, (p: { status: string; message: string }) => system.push(p));
    await new Promise<void>((resolve) =>
      channel.subscribe((s) => {
        statuses.push(s);
        if (s === 'SUBSCRIBED') resolve();
      }),
    );
    await waitFor(() => statuses.includes('CLOSED'), 'the channel closed', 6000);
    expect(system).toContainEqual({
      extension: 'system',
      status: 'error',
      message: 'Token has expired 0 seconds ago',
      channel: expect.any(String),
    });
  });

  it('closes the channel when a refreshed token is invalid', async () => {
    const c = track(realtimeClient(b, owner.token));
    const statuses: string[] = [];
    const system: string[] = [];
    const channel = c
      .channel(`bad-refresh-${randomUUID()}`)
      .on('system', {}, (p: { message: string }) => system.push(p.message));
    await new Promise<void>((resolve) =>
      channel.subscribe((s) => {
        statuses.push(s);
        if (s === 'SUBSCRIBED') resolve();
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    c.setToken(
      await signJwt(
        { sub: owner.id, role: 'authenticated', iat: now - 100, exp: now - 30 },
        b.config.jwtSecret,
      ),
    );
    await c.realtime.setAuth();
    await waitFor(() => statuses.includes('CLOSED'), 'the channel closed');
    expect(system).toEqual([expect.stringMatching(/^Token has expired 3\d seconds ago$/)]);
  });
});
