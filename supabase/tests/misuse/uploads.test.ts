// Uploads tried as an attacker would, straight through Storage and the functions: an E-Board image is nobody's but
// the moderators' until its entry is approved, a rejected or deleted entry takes its image with it, and every bucket
// refuses a file of the wrong type or size whatever the browser did.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  anonClient,
  serviceClient,
  startTestBackend,
  type TestBackend,
  type TestUser,
} from '@pentland/local-supabase/testing';
import { signedIn } from './session.ts';

let b: TestBackend;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  b = await startTestBackend();
  admin = await signedIn(b, { admin: true });
  member = await signedIn(b);
});
afterAll(async () => {
  await b?.stop();
});
// Every request of this file comes from one address; the forms' hourly limit is not what is tried here.
beforeEach(async () => {
  await b.db.query('delete from private.form_rate_events');
});

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const today = () => new Date().toISOString().slice(0, 10);

/** Uploads a picture as a visitor would and submits an entry with it; answers the entry's id and the image's path. */
async function submitWithImage(): Promise<{ id: string; reference: string; imagePath: string }> {
  const anon = anonClient(b);
  const imagePath = `pending/${randomUUID()}.png`;
  const up = await anon.storage.from('eboard-images').upload(imagePath, png, { contentType: 'image/png' });
  expect(up.error).toBeNull();
  const { data, error } = await anon.functions.invoke('submit-eboard', {
    body: {
      name: 'Seaforth Darts',
      email: `club-${randomUUID().slice(0, 8)}@example.test`,
      title: 'Open night',
      message: 'Come and throw a few darts.',
      category: 'sport',
      displayFrom: today(),
      displayUntil: today(),
      imagePath,
    },
  });
  expect(error).toBeNull();
  const [row] = (
    await b.db.query<{ id: string }>('select id from public.eboard_submissions where reference = $1', [
      data.reference,
    ])
  ).rows;
  return { id: row!.id, reference: data.reference as string, imagePath };
}

/** The names Storage holds in a bucket (read past RLS). */
async function stored(bucket: string): Promise<string[]> {
  const { rows } = await b.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1',
    [bucket],
  );
  return rows.map((r) => r.name);
}

async function moderate(ids: string[], action: string, reason?: string) {
  const { data, error } = await admin.client.functions.invoke('moderate-eboard', {
    body: { ids, action, reason },
  });
  expect(error).toBeNull();
  return data as { updated: { id: string; status: string }[]; failed: { id: string; error: string }[] };
}

const imageUrlOf = async (id: string) =>
  (
    await b.db.query<{ image_url: string | null }>(
      'select image_url from public.eboard_submissions where id = $1',
      [id],
    )
  ).rows[0]!.image_url;

describe('E-Board images before approval', () => {
  it('a pending image: anonymous list and download refused (public, authenticated and signed routes); a moderator gets a URL that works', async () => {
    const { id, imagePath } = await submitWithImage();
    const anon = anonClient(b);

    const listed = await anon.storage.from('eboard-images').list('pending');
    expect(listed.data ?? []).toEqual([]);
    const rawList = await fetch(`${b.url}/storage/v1/object/list/eboard-images`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        Authorization: `Bearer ${b.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefix: 'pending', limit: 100 }),
    });
    expect(rawList.status).toBeLessThan(500);
    if (rawList.ok) expect(await rawList.json()).toEqual([]);

    for (const route of ['public', 'authenticated']) {
      const res = await fetch(`${b.url}/storage/v1/object/${route}/eboard-images/${imagePath}`, {
        headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}` },
      });
      expect(res.status, route).toBeGreaterThanOrEqual(400);
      expect(res.status, route).toBeLessThan(500);
    }
    expect((await anon.storage.from('eboard-images').download(imagePath)).data).toBeNull();
    expect((await anon.storage.from('eboard-images').createSignedUrl(imagePath, 60)).data).toBeNull();
    // A signed-in member who is not a moderator fares no better.
    expect((await member.client.storage.from('eboard-images').download(imagePath)).data).toBeNull();
    expect((await member.client.storage.from('eboard-images').list('pending')).data ?? []).toEqual([]);
    // Nor can either sign the addresses the moderation screen shows, one or several at a time, or read the
    // authenticated route with the member's token.
    for (const client of [anon, member.client]) {
      expect((await client.storage.from('eboard-images').createSignedUrl(imagePath, 60)).data).toBeNull();
      const many = await client.storage.from('eboard-images').createSignedUrls([imagePath], 60);
      expect((many.data ?? []).filter((d) => d.signedUrl)).toEqual([]);
    }
    const asMember = await fetch(`${b.url}/storage/v1/object/authenticated/eboard-images/${imagePath}`, {
      headers: { apikey: b.anonKey, Authorization: `Bearer ${member.token}` },
    });
    expect(asMember.status).toBeGreaterThanOrEqual(400);
    expect(asMember.status).toBeLessThan(500);

    // What the entry names is no public address either, while the moderator can sign one.
    const url = await imageUrlOf(id);
    expect(url).toContain(imagePath);
    expect((await fetch(url!)).status).toBeGreaterThanOrEqual(400);
    const signed = await admin.client.storage.from('eboard-images').createSignedUrl(imagePath, 60);
    expect(signed.error).toBeNull();
    const viewed = await fetch(signed.data!.signedUrl);
    expect(viewed.status).toBe(200);
    expect(Buffer.from(await viewed.arrayBuffer())).toEqual(png);
    // The moderation screen signs the list's pictures in one call.
    const listed2 = await admin.client.storage.from('eboard-images').createSignedUrls([imagePath], 60);
    expect(listed2.error).toBeNull();
    expect((await fetch(listed2.data![0]!.signedUrl!)).status).toBe(200);
  });

  it('approved: the image is served publicly from the address the board gives; archived: it is not any more', async () => {
    const { id, reference } = await submitWithImage();
    expect((await moderate([id], 'approve')).updated).toEqual([
      expect.objectContaining({ id, status: 'approved' }),
    ]);
    const [shown] = (await anonClient(b).from('eboard_board').select('image_url').eq('reference', reference))
      .data!;
    const res = await fetch(shown!.image_url as string);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);

    await moderate([id], 'archive');
    expect((await fetch(shown!.image_url as string)).status).toBeGreaterThanOrEqual(400);
    // Reopened and approved again, it is back on the board with its picture.
    await moderate([id], 'reopen');
    await moderate([id], 'approve');
    expect((await fetch((await imageUrlOf(id))!)).status).toBe(200);
  });

  it("the seed's approved entry has its picture where an approved entry's is: archived it goes, approved again it is back", async () => {
    const [seeded] = (
      await b.db.query<{ id: string; image_url: string }>(
        "select id, image_url from public.eboard_submissions where status = 'approved' and image_url is not null",
      )
    ).rows;
    // The seed names the CLI's local address; this backend listens elsewhere.
    const path = new URL(seeded!.image_url).pathname;
    expect(path).toMatch(/^\/storage\/v1\/object\/public\/eboard-approved\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(b.url + path)).status).toBe(200);
    await moderate([seeded!.id], 'archive');
    expect((await fetch(b.url + path)).status).toBeGreaterThanOrEqual(400);
    await moderate([seeded!.id], 'reopen');
    await moderate([seeded!.id], 'approve');
    expect(new URL((await imageUrlOf(seeded!.id))!).pathname).toBe(path);
    expect((await fetch(b.url + path)).status).toBe(200);
  });

  it('rejected: the image is gone from Storage and the entry no longer names it', async () => {
    const approvedFirst = await submitWithImage();
    await moderate([approvedFirst.id], 'approve');
    const publicUrl = (await imageUrlOf(approvedFirst.id))!;
    const pending = await submitWithImage();
    const result = await moderate([approvedFirst.id, pending.id], 'reject', 'Please add the venue address.');
    expect(result.failed).toEqual([]);
    for (const entry of [approvedFirst, pending]) {
      expect(await imageUrlOf(entry.id)).toBeNull();
      const name = entry.imagePath.split('/')[1]!;
      expect((await stored('eboard-images')).filter((n) => n.endsWith(name))).toEqual([]);
      expect((await stored('eboard-approved')).filter((n) => n.endsWith(name))).toEqual([]);
    }
    expect((await fetch(publicUrl)).status).toBeGreaterThanOrEqual(400);
  });

  it('deleted: only through moderation, and the image goes with the entry', async () => {
    const { id, imagePath } = await submitWithImage();
    await moderate([id], 'approve');
    // Straight through REST neither the submitter's nor an administrator's token deletes (the image would be left).
    const direct = await admin.client.from('eboard_submissions').delete().eq('id', id).select('id');
    expect(direct.data ?? []).toEqual([]);
    expect(await imageUrlOf(id)).not.toBeNull();

    const refused = await member.client.functions.invoke('moderate-eboard', {
      body: { ids: [id], action: 'delete' },
    });
    expect((refused.error as { context: Response }).context.status).toBe(403);
    expect((await moderate([id], 'delete')).updated).toEqual([
      expect.objectContaining({ id, status: 'deleted' }),
    ]);
    expect((await b.db.query('select 1 from public.eboard_submissions where id = $1', [id])).rows).toEqual(
      [],
    );
    const name = imagePath.split('/')[1]!;
    expect(
      [...(await stored('eboard-images')), ...(await stored('eboard-approved'))].filter((n) =>
        n.endsWith(name),
      ),
    ).toEqual([]);
  });

  it('submit-eboard refusing an entry removes the image uploaded for it; a forged or missing path is refused', async () => {
    const anon = anonClient(b);
    const imagePath = `pending/${randomUUID()}.png`;
    expect(
      (await anon.storage.from('eboard-images').upload(imagePath, png, { contentType: 'image/png' })).error,
    ).toBeNull();
    const refused = await anon.functions.invoke('submit-eboard', { body: { title: 'x', imagePath } });
    expect((refused.error as { context: Response }).context.status).toBe(422);
    expect(await stored('eboard-images')).not.toContain(imagePath);

    const missing = await anon.functions.invoke('submit-eboard', {
      body: {
        name: 'A',
        email: 'a@example.test',
        title: 'Open night',
        message: 'Hello.',
        category: 'sport',
        displayFrom: today(),
        displayUntil: today(),
        imagePath: `pending/${randomUUID()}.png`,
      },
    });
    expect((missing.error as { context: Response }).context.status).toBe(422);
  });

  it("account deletion lists a user's E-Board image in both buckets for removal", async () => {
    const { id, imagePath } = await submitWithImage();
    const owner = await signedIn(b);
    await b.db.query('update public.eboard_submissions set user_id = $1 where id = $2', [owner.id, id]);
    await moderate([id], 'approve');
    const { data, error } = await serviceClient(b).rpc('delete_account_content', { p_user: owner.id });
    expect(error).toBeNull();
    const file = imagePath.split('/')[1]!;
    expect((data as { files: { bucket: string; name: string }[] }).files).toEqual(
      expect.arrayContaining([
        { bucket: 'eboard-images', name: imagePath },
        { bucket: 'eboard-approved', name: file },
      ]),
    );
  });

  it('visitors cannot put anything into the public bucket of approved images', async () => {
    for (const client of [anonClient(b), member.client]) {
      const name = `${randomUUID()}.png`;
      const up = await client.storage.from('eboard-approved').upload(name, png, { contentType: 'image/png' });
      expect(up.error).not.toBeNull();
      expect(await stored('eboard-approved')).not.toContain(name);
    }
  });
});

describe('every bucket refuses what its rules do not allow (the browser bypassed)', () => {
  // Each bucket with a name its insert policy accepts for the uploader, its largest allowed size, and the uploader.
  const cases = () => [
    {
      bucket: 'poster-images',
      name: `${member.id}/${randomUUID()}.png`,
      limit: 10 * 1024 * 1024,
      who: member.token,
    },
    { bucket: 'avatars', name: `${member.id}/${randomUUID()}.png`, limit: 1024 * 1024, who: member.token },
    { bucket: 'article-images', name: `${randomUUID()}.png`, limit: 5 * 1024 * 1024, who: admin.token },
    { bucket: 'eboard-images', name: `pending/${randomUUID()}.png`, limit: 2 * 1024 * 1024, who: b.anonKey },
  ];

  async function upload(bucket: string, name: string, token: string, body: Buffer, type: string) {
    return fetch(`${b.url}/storage/v1/object/${bucket}/${name}`, {
      method: 'POST',
      headers: { apikey: b.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': type },
      body: new Uint8Array(body),
    });
  }

  it('a fitting picture is accepted (so the refusals below are about the rules, not the policy)', async () => {
    for (const c of cases()) {
      const res = await upload(c.bucket, c.name, c.who, png, 'image/png');
      expect(res.status, `${c.bucket}: ${await res.text()}`).toBe(200);
    }
  });

  for (const [what, type] of [
    ['a text file', 'text/plain'],
    ['an SVG (scripts)', 'image/svg+xml'],
    ['HTML', 'text/html'],
  ] as const) {
    it(`${what} is refused with a 4xx by each bucket and nothing is stored`, async () => {
      for (const c of cases()) {
        const res = await upload(c.bucket, c.name, c.who, Buffer.from('<svg onload="alert(1)"/>'), type);
        expect(res.status, `${c.bucket} ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${c.bucket} ${type}`).toBeLessThan(500);
        expect(await stored(c.bucket)).not.toContain(c.name);
      }
    });
  }

  it('a picture one byte over the bucket limit is refused with a 4xx and nothing is stored', async () => {
    for (const c of cases()) {
      const big = Buffer.alloc(c.limit + 1, 0);
      png.copy(big);
      const res = await upload(c.bucket, c.name, c.who, big, 'image/png');
      expect(res.status, c.bucket).toBeGreaterThanOrEqual(400);
      expect(res.status, c.bucket).toBeLessThan(500);
      expect(await stored(c.bucket)).not.toContain(c.name);
    }
  });

  it('the service role cannot put a non-picture into the public bucket of approved images either', async () => {
    const res = await upload(
      'eboard-approved',
      `${randomUUID()}.png`,
      b.serviceRoleKey,
      Buffer.from('<html>'),
      'text/html',
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('a service client still manages what it must', () => {
  it('the service role lists pending images (moderation and clean-up run with it)', async () => {
    const { imagePath } = await submitWithImage();
    const { data } = await serviceClient(b).storage.from('eboard-images').list('pending', { limit: 1000 });
    expect(data!.map((o) => `pending/${o.name}`)).toContain(imagePath);
  });
});
