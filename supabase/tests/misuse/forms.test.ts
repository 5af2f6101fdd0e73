/**
 * The public forms' tables take rows only from their server functions. Each case calls the API as an attacker
 * would — POST /rest/v1/<table> with the anon key or a signed-in user's token, with data the functions refuse
 * (a Saturday 03:00 slot, an unknown service, a phone that is not one, a one-character title, an image from
 * elsewhere, display dates over ten years) — and checks it is refused and nothing is stored. The function path
 * still works, and a signed-in requester still reads their own requests.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  makeUser,
  serviceClient,
  startTestBackend,
  type TestBackend,
  type TestUser,
} from '@pentland/local-supabase/testing';
import { signedIn } from './session.ts';

let b: TestBackend;
let member: TestUser;

beforeAll(async () => {
  b = await startTestBackend();
  member = await signedIn(b);
});
afterAll(async () => {
  await b?.stop();
});

const TABLES = ['consultations', 'contact_messages', 'eboard_submissions'] as const;
type Table = (typeof TABLES)[number];

/** Rows the functions would refuse, one per public form's table; `marker` finds them in the database. */
function refusedRows(marker: string, userId: string | null): Record<Table, Record<string, unknown>> {
  const owner = userId ? { user_id: userId } : {};
  return {
    consultations: {
      ...owner,
      name: marker,
      email: `${marker}@example.test`,
      phone: 'not a phone',
      services: ['no-such-service'],
      // Saturday 03:00 in Europe/London.
      preferred_date: '2026-11-28',
      preferred_start: '2026-11-28T03:00:00Z',
      preferred_end: '2026-11-28T04:00:00Z',
    },
    contact_messages: {
      ...owner,
      name: marker,
      email: `${marker}@example.test`,
      phone: 'not a phone',
      message: 'x',
    },
    eboard_submissions: {
      ...owner,
      title: 'x',
      description: marker,
      contact_name: marker,
      contact_email: `${marker}@example.test`,
      image_url: 'https://attacker.example/tracking.png',
      display_from: '2020-01-01',
      display_until: '2030-12-31',
    },
  };
}

const MARKER_COLUMN: Record<Table, string> = {
  consultations: 'name',
  contact_messages: 'name',
  eboard_submissions: 'contact_name',
};

const stored = async (table: Table, marker: string): Promise<number> =>
  Number(
    (
      await b.db.query<{ n: number }>(
        `select count(*)::int as n from public.${table} where ${MARKER_COLUMN[table]} = $1`,
        [marker],
      )
    ).rows[0]!.n,
  );

describe('direct writes to a public form’s table', () => {
  it.each(TABLES)(
    '%s: an anonymous POST /rest/v1 with the anon key is refused (401) and stores nothing',
    async (table) => {
      const marker = `direct-anon-${randomUUID().slice(0, 8)}`;
      const res = await fetch(`${b.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: {
          apikey: b.anonKey,
          Authorization: `Bearer ${b.anonKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
        body: JSON.stringify(refusedRows(marker, null)[table]),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('42501');
      expect(await stored(table, marker)).toBe(0);
    },
  );

  it.each(TABLES)(
    '%s: a signed-in user’s insert through supabase-js, as themselves, is refused (403) and stores nothing',
    async (table) => {
      const marker = `direct-user-${randomUUID().slice(0, 8)}`;
      const { error, status } = await member.client.from(table).insert(refusedRows(marker, member.id)[table]);
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(await stored(table, marker)).toBe(0);
    },
  );

  it.each(TABLES)('%s: a visitor cannot change or delete a stored row either', async (table) => {
    const marker = `fixture-${randomUUID().slice(0, 8)}`;
    const { data, error } = await serviceClient(b)
      .from(table)
      .insert(refusedRows(marker, null)[table])
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    const anon: SupabaseClient = anonClient(b);
    const update = await anon
      .from(table)
      .update({ [MARKER_COLUMN[table]]: 'changed' })
      .eq('id', id);
    expect(update.status).toBe(401);
    const remove = await anon.from(table).delete().eq('id', id);
    expect(remove.status).toBe(401);
    expect(await stored(table, marker)).toBe(1);
  });
});

describe('the forms still work through their functions', () => {
  it('a contact message sent through submit-contact is stored; the signed-in sender reads their own, a visitor reads none', async () => {
    const { data, error } = await member.client.functions.invoke('submit-contact', {
      body: {
        name: 'Morag Sutherland',
        email: member.email,
        subject: 'Backups',
        message: 'Do you look after backups for a small office?',
      },
    });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^PM-[0-9A-F]{8}$/);
    const own = await member.client.from('contact_messages').select('reference, user_id');
    expect(own.data).toEqual([{ reference: data.reference, user_id: member.id }]);
    expect((await anonClient(b).from('contact_messages').select('id')).data).toEqual([]);
  });

  it('the signed-in requester still reads their own consultation requests ("my consultations")', async () => {
    const marker = `mine-${randomUUID().slice(0, 8)}`;
    const row = { user_id: member.id, name: marker, email: member.email };
    expect((await serviceClient(b).from('consultations').insert(row)).error).toBeNull();
    const other = await makeUser(b);
    expect((await member.client.from('consultations').select('name').eq('name', marker)).data).toEqual([
      { name: marker },
    ]);
    expect((await other.client.from('consultations').select('name').eq('name', marker)).data).toEqual([]);
  });

  it('submit-eboard refuses what a direct insert carried: a one-character title and a ten-year display', async () => {
    const marker = `eboard-${randomUUID().slice(0, 8)}`;
    const res = await fetch(`${b.url}/functions/v1/submit-eboard`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        Authorization: `Bearer ${b.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        name: marker,
        email: `${marker}@example.test`,
        title: 'x',
        message: 'A ceilidh in the village hall.',
        category: 'events',
        displayFrom: '2020-01-01',
        displayUntil: '2030-12-31',
      }),
    });
    expect(res.status).toBe(422);
    const fields = ((await res.json()) as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['title']));
    expect(await stored('eboard_submissions', marker)).toBe(0);
  });
});
