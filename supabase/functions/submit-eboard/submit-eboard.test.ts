// submit-eboard and moderate-eboard against the real local backend: an entry with a picture kept off the board until
// approved, rejected with a mailed reason, reopened and approved; bad input; the board's public live broadcast.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  count,
  signedIn,
  startTestBackend,
  subscribed,
  until,
  waitForMails,
  type SignedInUser,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  [admin, member] = await Promise.all([signedIn(b, { admin: true }), signedIn(b)]);
  await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
});

afterAll(async () => {
  await b?.stop();
});

describe('submit-eboard and moderate-eboard', () => {
  it('an entry with an image: pending, hidden from the board, rejected with a reason that is mailed, reopened, approved onto the board', async () => {
    const anon = anonClient(b);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const imagePath = `pending/${randomUUID()}.png`;
    expect(
      (await anon.storage.from('eboard-images').upload(imagePath, png, { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (
        await anon.storage
          .from('eboard-images')
          .upload(`elsewhere/${randomUUID()}.png`, png, { contentType: 'image/png' })
      ).error,
    ).not.toBeNull();
    expect(
      (
        await anon.storage
          .from('eboard-images')
          .upload(`pending/${randomUUID()}.svg`, Buffer.from('<svg/>'), { contentType: 'image/svg+xml' })
      ).error,
    ).not.toBeNull();
    const email = `club-${randomUUID().slice(0, 8)}@example.test`;
    const today = new Date().toISOString().slice(0, 10);
    const { data, error } = await anon.functions.invoke('submit-eboard', {
      body: {
        name: 'Seaforth Darts',
        email,
        title: 'Open night',
        message: 'Come and throw a few darts.',
        category: 'sport',
        displayFrom: today,
        displayUntil: today,
        imagePath,
      },
    });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^EB-/);
    expect((await waitForMails(b, email, 1))[0]!.subject).toBe(
      `Your E-Board entry ${data.reference} — Pentland Cloud`,
    );
    const board = () => anon.from('eboard_board').select('*').eq('reference', data.reference);
    expect((await board()).data).toEqual([]);
    expect((await anon.from('eboard_submissions').select('id')).data).toEqual([]);
    const id = (
      await b.db.query<{ id: string }>(`select id from public.eboard_submissions where reference = $1`, [
        data.reference,
      ])
    ).rows[0]!.id;

    const forbidden = await member.client.functions.invoke('moderate-eboard', {
      body: { ids: [id], action: 'approve' },
    });
    expect((forbidden.error as { context: Response }).context.status).toBe(403);
    const noReason = await admin.client.functions.invoke('moderate-eboard', {
      body: { ids: [id], action: 'reject' },
    });
    expect((noReason.error as { context: Response }).context.status).toBe(422);
    const rejected = await admin.client.functions.invoke('moderate-eboard', {
      body: { ids: [id], action: 'reject', reason: 'Please add the venue address.' },
    });
    expect(rejected.data).toMatchObject({ updated: [{ id, status: 'rejected' }], failed: [], mailed: true });
    const rejection = (await waitForMails(b, email, 2)).find((m) => m.subject.includes('was not approved'))!;
    expect(rejection.text).toContain('Please add the venue address.');
    // rejected → approved is not a transition; reopen, then approve.
    const skip = await admin.client.functions.invoke('moderate-eboard', {
      body: { ids: [id], action: 'approve' },
    });
    expect(skip.data.failed[0].error).toBe('Status cannot change from rejected to approved');
    await admin.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'reopen' } });
    const approved = await admin.client.functions.invoke('moderate-eboard', {
      body: { ids: [id], action: 'approve' },
    });
    expect(approved.data.updated[0].status).toBe('approved');
    const shown = (await board()).data!;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Open night', author: 'Seaforth Darts', category: 'sport' });
    // Rejecting removed the picture, so the entry reopened and approved shows without one.
    expect(shown[0].image_url).toBeNull();
    expect(Object.keys(shown[0])).not.toContain('contact_email');
  });

  it('E-Board bad input: every field empty, a missing image, and a forged image path', async () => {
    const before = await count(b, 'eboard_submissions');
    const empty = await anonClient(b).functions.invoke('submit-eboard', { body: {} });
    const fields = (
      (await (empty.error as { context: Response }).context.json()) as { fields: Record<string, string> }
    ).fields;
    expect(Object.keys(fields).sort()).toEqual([
      'category',
      'displayFrom',
      'displayUntil',
      'email',
      'message',
      'name',
      'title',
    ]);
    const forged = await anonClient(b).functions.invoke('submit-eboard', {
      body: { imagePath: '../article-images/x.png' },
    });
    expect(
      ((await (forged.error as { context: Response }).context.json()) as { fields: { image: string } }).fields
        .image,
    ).toBe('The image upload is not valid; choose the image again');
    const missing = await anonClient(b).functions.invoke('submit-eboard', {
      body: { imagePath: `pending/${randomUUID()}.png` },
    });
    expect(
      ((await (missing.error as { context: Response }).context.json()) as { fields: { image: string } })
        .fields.image,
    ).toBe('The image did not arrive; choose the image again');
    expect(await count(b, 'eboard_submissions')).toBe(before);
  });
});

describe('live updates (Realtime)', () => {
  /** The display's subscription: broadcasts on the public topic 'eboard'. */
  const board = (c: SupabaseClient) =>
    subscribed(
      c,
      (ch, got) =>
        ch.on('broadcast', { event: '*' }, (m) =>
          got.push({ event: m.event, payload: m.payload as Record<string, unknown> }),
        ),
      'eboard',
    );
  const entry = async (displayFrom: string) =>
    (
      await b.db.query<{ id: string }>(
        `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, display_from)
         values ('Ceilidh', 'Friday in the hall.', 'events', 'Thurso Hall', 'secret@example.test', $1) returning id`,
        [displayFrom],
      )
    ).rows[0]!.id;
  const setStatus = async (id: string, status: string) => {
    const { error } = await admin.client.from('eboard_submissions').update({ status }).eq('id', id);
    expect(error).toBeNull();
  };

  it('the E-Board broadcasts on its public topic when the board changes: only board columns, nothing for pending or future entries', async () => {
    const screen = await board(anonClient(b));
    try {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const future = await entry('2099-01-01');
      const id = await entry(today);
      await setStatus(future, 'approved');
      await setStatus(id, 'approved');
      await until(() => screen.got.length >= 1);
      // The pending inserts and the entry approved for later said nothing; the one on the board today did.
      expect(screen.got[0]!.event).toBe('approved');
      expect(screen.got[0]!.payload).toMatchObject({
        id,
        title: 'Ceilidh',
        author: 'Thurso Hall',
        category: 'events',
      });
      const viewColumns = Object.keys(
        (await anonClient(b).from('eboard_board').select('*').eq('id', id)).data![0]!,
      ).sort();
      expect(Object.keys(screen.got[0]!.payload).sort()).toEqual(viewColumns);
      expect(JSON.stringify(screen.got)).not.toContain('secret@example.test');

      expect(
        (await admin.client.from('eboard_submissions').update({ title: 'Ceilidh (sold out)' }).eq('id', id))
          .error,
      ).toBeNull();
      await until(() => screen.got.length >= 2);
      expect(screen.got[1]).toMatchObject({ event: 'updated', payload: { id, title: 'Ceilidh (sold out)' } });
      await setStatus(id, 'archived');
      await until(() => screen.got.length >= 3);
      expect(screen.got[2]).toEqual({ event: 'removed', payload: { id } });
      expect(screen.got.every((m) => m.payload.id === id)).toBe(true);
    } finally {
      await screen.stop();
    }
  });
});
