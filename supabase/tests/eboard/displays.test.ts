/**
 * E-Board displays through REST as their callers: an administrator registers a display and gets its key once; a
 * heartbeat with that key is recorded, one with an unknown, forged or malformed key is refused and changes nothing;
 * nobody but an administrator reads the list, and nobody writes the table directly (anon, a member, an administrator
 * forging last_seen); asking for a reload reaches the display over Realtime and in its next heartbeat's reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  signedIn,
  startTestBackend,
  subscribed,
  until,
  type SignedInUser,
  type TestBackend,
} from '@pentland/functions/testing';

let b: TestBackend;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  [admin, member] = await Promise.all([signedIn(b, { admin: true }), signedIn(b)]);
});

afterAll(async () => {
  await b?.stop();
});

const row = async (id: string) =>
  (
    await b.db.query<{
      name: string;
      last_seen: string | null;
      version: string | null;
      reload_requested_at: string | null;
      key_hash: string;
    }>(
      `select name, location, last_seen, version, showing, reload_requested_at, key_hash
         from public.eboard_displays where id = $1`,
      [id],
    )
  ).rows[0];

async function register(name = 'Reception screen', location = 'Thurso office') {
  const { data, error } = await admin.client.rpc('register_eboard_display', {
    p_name: name,
    p_location: location,
  });
  expect(error).toBeNull();
  return data as { id: string; key: string };
}

describe('E-Board displays', () => {
  it('an administrator registers a display; its heartbeat is recorded and the key is kept only hashed', async () => {
    const d = await register();
    expect(d.key).toMatch(/^[0-9a-f]{64}$/);
    const stored = await row(d.id);
    expect(stored!.last_seen).toBeNull();
    expect(stored!.key_hash).not.toContain(d.key);
    const beat = await anonClient(b).rpc('eboard_display_heartbeat', {
      p_key: d.key,
      p_version: 'index-abc123.js',
      p_showing: { count: 2, titles: ['Open night', 'Coffee morning'] },
    });
    expect(beat.error).toBeNull();
    expect(beat.data).toEqual({
      id: d.id,
      name: 'Reception screen',
      location: 'Thurso office',
      reload_requested_at: null,
    });
    const after = await row(d.id);
    expect(after!.version).toBe('index-abc123.js');
    expect(Date.now() - Date.parse(after!.last_seen!)).toBeLessThan(60_000);
    // The administrator's list shows it; a member's and a visitor's lists are empty.
    const list = await admin.client
      .from('eboard_displays')
      .select('id, name, last_seen, showing')
      .eq('id', d.id);
    expect(list.data![0]!.showing).toEqual({ count: 2, titles: ['Open night', 'Coffee morning'] });
    expect((await member.client.from('eboard_displays').select('id')).data).toEqual([]);
    expect((await anonClient(b).from('eboard_displays').select('id')).error).not.toBeNull();
  });

  it('refuses a heartbeat with an unknown, forged or malformed key, and changes nothing', async () => {
    const d = await register('Library screen');
    const before = await row(d.id);
    const forged = d.key.slice(0, 63) + (d.key.endsWith('0') ? '1' : '0');
    for (const key of [forged, '0'.repeat(64), 'nonsense', '', d.key.toUpperCase(), before!.key_hash]) {
      const res = await anonClient(b).rpc('eboard_display_heartbeat', {
        p_key: key,
        p_version: 'forged',
        p_showing: null,
      });
      expect(res.error?.message).toBe('Unknown display');
      expect(res.status).toBe(401);
    }
    const asMember = await member.client.rpc('eboard_display_heartbeat', {
      p_key: forged,
      p_version: 'forged',
      p_showing: null,
    });
    expect(asMember.status).toBe(403);
    // A real key with oversized data: a clear 400, nothing recorded.
    const big = await anonClient(b).rpc('eboard_display_heartbeat', {
      p_key: d.key,
      p_version: 'v'.repeat(101),
      p_showing: null,
    });
    expect(big.status).toBe(400);
    expect(big.error?.message).toBe('The version must be 100 characters or fewer');
    expect(await row(d.id)).toEqual(before);
  });

  it('nobody writes the table directly, and only administrators register or reload', async () => {
    const d = await register('Hall screen');
    const before = await row(d.id);
    const anon = anonClient(b);
    const forgedRow = { name: 'Mine', key_hash: 'a'.repeat(64) };
    expect((await anon.from('eboard_displays').insert(forgedRow)).error).not.toBeNull();
    expect((await member.client.from('eboard_displays').insert(forgedRow)).error).not.toBeNull();
    expect((await admin.client.from('eboard_displays').insert(forgedRow)).error).not.toBeNull();
    await anon.from('eboard_displays').update({ last_seen: new Date().toISOString() }).eq('id', d.id);
    await member.client.from('eboard_displays').update({ name: 'Taken' }).eq('id', d.id);
    const forgedSeen = await admin.client
      .from('eboard_displays')
      .update({ last_seen: new Date().toISOString(), key_hash: 'b'.repeat(64) })
      .eq('id', d.id);
    expect(forgedSeen.error).not.toBeNull();
    await member.client.from('eboard_displays').delete().eq('id', d.id);
    expect(await row(d.id)).toEqual(before);
    // An administrator may rename it.
    expect(
      (await admin.client.from('eboard_displays').update({ location: 'Wick hall' }).eq('id', d.id)).error,
    ).toBeNull();
    // Registering and reloading: administrators only.
    const memberRegisters = await member.client.rpc('register_eboard_display', { p_name: 'Sneaky' });
    expect(memberRegisters.status).toBe(403);
    expect((await anon.rpc('register_eboard_display', { p_name: 'Sneaky' })).error).not.toBeNull();
    expect((await member.client.rpc('request_eboard_display_reload', { p_id: d.id })).status).toBe(403);
    expect((await anon.rpc('request_eboard_display_reload', { p_id: d.id })).error).not.toBeNull();
    expect((await row(d.id))!.reload_requested_at).toBeNull();
    // Bad input: a clear 400, never a 500.
    const noName = await admin.client.rpc('register_eboard_display', { p_name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.error?.message).toBe('Give the display a name');
    const unknown = await admin.client.rpc('request_eboard_display_reload', {
      p_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const notAnId = await admin.client.rpc('request_eboard_display_reload', { p_id: 'nonsense' });
    expect(notAnId.status).toBe(400);
  });

  it('a reload request reaches the display over Realtime and in its next heartbeat reply', async () => {
    const d = await register('Window screen');
    const display = anonClient(b);
    const first = await display.rpc('eboard_display_heartbeat', {
      p_key: d.key,
      p_version: '1',
      p_showing: null,
    });
    const topic = `eboard-display:${(first.data as { id: string }).id}`;
    const channel = await subscribed(
      display,
      (ch, got) =>
        ch.on('broadcast', { event: 'reload' }, (m) => got.push({ event: 'reload', payload: m.payload })),
      topic,
    );
    const stamp = await admin.client.rpc('request_eboard_display_reload', { p_id: d.id });
    expect(stamp.error).toBeNull();
    await until(() => channel.got.length > 0, 10_000);
    expect(channel.got[0]!.payload.reload_requested_at).toBeTruthy();
    const next = await display.rpc('eboard_display_heartbeat', {
      p_key: d.key,
      p_version: '1',
      p_showing: null,
    });
    expect(Date.parse((next.data as { reload_requested_at: string }).reload_requested_at)).toBe(
      Date.parse(stamp.data as string),
    );
    await channel.stop();
    display.realtime.disconnect();
  });
});
