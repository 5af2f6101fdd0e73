/** Storage through supabase-js: an image uploaded and removed by the last URL segment, limits, names, RLS and the bytes on disk. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt.ts';
import {
  anonClient,
  createTestClient,
  makeUser,
  startTestBackend,
  type TestBackend,
  type TestUser,
} from './helpers.ts';

let b: TestBackend;
let user: TestUser;
let other: TestUser;
let admin: TestUser;
let anon: SupabaseClient;
const BUCKET = 'article-images';

const png = (n = 64, fill = 7): Blob => new Blob([new Uint8Array(n).fill(fill)], { type: 'image/png' });

/** An upload's naming rule: optional prefix or the current time, a random string, the original extension. */
const generatedName = (file: string, prefix?: string): string =>
  `${prefix ?? Date.now()}-${Math.random().toString(36).slice(2, 10)}.${file.split('.').pop()}`;

const objectCount = async (): Promise<number> =>
  Number(
    (
      await b.db.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1`, [
        BUCKET,
      ])
    ).rows[0]!.n,
  );
const filesOnDisk = (): string[] => {
  const dir = path.join(b.dataDir, 'storage', BUCKET);
  return existsSync(dir) ? readdirSync(dir) : [];
};

beforeAll(async () => {
  b = await startTestBackend();
  user = await makeUser(b);
  other = await makeUser(b);
  admin = await makeUser(b, { admin: true });
  anon = anonClient(b);
});
afterAll(async () => {
  await b?.stop();
});

describe('upload to article-images and remove by the last URL segment', () => {
  it('uploads with cache control 3600 and no overwrite, returns a public URL serving the bytes', async () => {
    const name = generatedName('photo.png');
    const { data, error } = await user.client.storage
      .from(BUCKET)
      .upload(name, png(100, 3), { cacheControl: '3600', upsert: false });
    expect(error).toBeNull();
    expect(data!.path).toBe(name);
    expect(data!.fullPath).toBe(`${BUCKET}/${name}`);
    const url = user.client.storage.from(BUCKET).getPublicUrl(data!.path).data.publicUrl;
    expect(url).toBe(`${b.url}/storage/v1/object/public/${BUCKET}/${name}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(100).fill(3));
  });

  it('refuses to overwrite an existing path: HTTP 400, statusCode 409, bytes unchanged', async () => {
    const name = generatedName('a.png', 'fixed');
    await user.client.storage.from(BUCKET).upload(name, png(10, 1), { cacheControl: '3600', upsert: false });
    const before = filesOnDisk().length;
    const res = await fetch(`${b.url}/storage/v1/object/${BUCKET}/${name}`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${user.token}`,
        'content-type': 'image/png',
        'x-upsert': 'false',
      },
      body: new Uint8Array(10).fill(2),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '409',
      code: 'KeyAlreadyExists',
      error: 'Duplicate',
      message: 'The resource already exists',
    });
    const { error } = await user.client.storage.from(BUCKET).upload(name, png(10, 2), { upsert: false });
    expect(error?.message).toBe('The resource already exists');
    expect(filesOnDisk().length).toBe(before);
    const got = new Uint8Array(
      await (await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/${name}`)).arrayBuffer(),
    );
    expect(got).toEqual(new Uint8Array(10).fill(1));
  });

  it('x-upsert: true replaces the bytes and keeps one file on disk', async () => {
    const name = generatedName('b.png');
    await user.client.storage.from(BUCKET).upload(name, png(5, 1));
    const before = filesOnDisk().length;
    const { error } = await user.client.storage
      .from(BUCKET)
      .upload(name, png(6, 9), { upsert: true, cacheControl: '60' });
    expect(error).toBeNull();
    const res = await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/${name}`);
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(6).fill(9));
    expect(filesOnDisk().length).toBe(before);
  });

  it('removes the file named by the last segment of its public URL', async () => {
    const name = generatedName('c.png');
    await user.client.storage.from(BUCKET).upload(name, png());
    const url = user.client.storage.from(BUCKET).getPublicUrl(name).data.publicUrl;
    const last = url.split('/').pop()!;
    const { data, error } = await user.client.storage.from(BUCKET).remove([last]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual([name]);
    expect((await fetch(url)).status).toBe(400);
    expect((await b.db.query('select 1 from storage.objects where name = $1', [name])).rows.length).toBe(0);
  });

  it('a raw (non-multipart) body upload works too', async () => {
    const name = generatedName('raw.webp');
    const { error } = await user.client.storage
      .from(BUCKET)
      .upload(name, new Uint8Array([1, 2, 3, 4]), { contentType: 'image/webp' });
    expect(error).toBeNull();
    const res = await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/${name}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
  });
});

describe('who may do what (storage.objects RLS)', () => {
  it('anon cannot upload; nothing is stored', async () => {
    const before = [await objectCount(), filesOnDisk().length];
    const { error } = await anon.storage.from(BUCKET).upload(generatedName('x.png'), png());
    expect(error).not.toBeNull();
    expect([await objectCount(), filesOnDisk().length]).toEqual(before);
  });

  it("another user cannot delete the uploader's file; an admin can", async () => {
    const name = generatedName('owned.png');
    await user.client.storage.from(BUCKET).upload(name, png());
    const byOther = await other.client.storage.from(BUCKET).remove([name]);
    expect(byOther.data).toEqual([]);
    expect((await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/${name}`)).status).toBe(200);
    const byAnon = await anon.storage.from(BUCKET).remove([name]);
    expect(byAnon.data ?? []).toEqual([]);
    const byAdmin = await admin.client.storage.from(BUCKET).remove([name]);
    expect(byAdmin.data!.map((o) => o.name)).toEqual([name]);
  });

  it('authenticated download returns the bytes', async () => {
    const name = generatedName('dl.png');
    await user.client.storage.from(BUCKET).upload(name, png(8, 4));
    const { data, error } = await other.client.storage.from(BUCKET).download(name);
    expect(error).toBeNull();
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(new Uint8Array(8).fill(4));
  });
});

describe('signed URLs, move and copy', () => {
  it('a signed URL serves the object without a key until it expires; a changed path is refused', async () => {
    const name = generatedName('signed.png');
    await user.client.storage.from(BUCKET).upload(name, png(12, 5));
    const { data, error } = await user.client.storage.from(BUCKET).createSignedUrl(name, 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(12).fill(5));
    const forged = data!.signedUrl.replace(name, 'other.png');
    expect((await fetch(forged)).status).toBe(400);
    const many = await user.client.storage.from(BUCKET).createSignedUrls([name, 'missing.png'], 60);
    expect(many.data!.map((d) => d.error)).toEqual([
      null,
      'Either the object does not exist or you do not have access to it',
    ]);
  });

  it('move renames within the bucket for the uploader; copy duplicates the bytes', async () => {
    const name = generatedName('move.png');
    await user.client.storage.from(BUCKET).upload(name, png(9, 6));
    expect((await other.client.storage.from(BUCKET).move(name, `stolen-${name}`)).error).not.toBeNull();
    expect((await user.client.storage.from(BUCKET).move(name, `moved/${name}`)).error).toBeNull();
    expect((await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/${name}`)).status).toBe(400);
    expect((await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/moved/${name}`)).status).toBe(200);
    expect((await user.client.storage.from(BUCKET).copy(`moved/${name}`, `copied/${name}`)).error).toBeNull();
    const copy = await fetch(`${b.url}/storage/v1/object/public/${BUCKET}/copied/${name}`);
    expect(new Uint8Array(await copy.arrayBuffer())).toEqual(new Uint8Array(9).fill(6));
  });
});

describe('list', () => {
  it('lists a folder with limit, offset, search and sortBy', async () => {
    for (const n of ['b.png', 'a.png', 'c.png', 'sub/d.png'])
      await user.client.storage.from(BUCKET).upload(`list-test/${n}`, png());
    const all = await user.client.storage.from(BUCKET).list('list-test');
    expect(all.data!.map((o) => o.name)).toEqual(['a.png', 'b.png', 'c.png', 'sub']);
    expect(all.data!.find((o) => o.name === 'sub')!.id).toBeNull();
    const page = await user.client.storage
      .from(BUCKET)
      .list('list-test', { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data!.map((o) => o.name)).toEqual(['c.png', 'b.png']);
    const search = await user.client.storage.from(BUCKET).list('list-test', { search: 'b' });
    expect(search.data!.map((o) => o.name)).toEqual(['b.png']);
  });
});

describe('bad input is refused with a Storage-shaped error and writes nothing', () => {
  const refused = async (name: string, body: BodyInit, contentType: string, token = user.token) => {
    const before = [await objectCount(), filesOnDisk().length];
    const res = await fetch(`${b.url}/storage/v1/object/${BUCKET}/${name}`, {
      method: 'POST',
      headers: { apikey: b.anonKey, authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    const json = (await res.json()) as { statusCode: string; error: string; message: string };
    expect([await objectCount(), filesOnDisk().length]).toEqual(before);
    return { status: res.status, json };
  };

  // Storage answers HTTP 400 for every client error; the body's statusCode carries the specific one.
  it('wrong MIME type → statusCode 415', async () => {
    const r = await refused('doc.txt', 'hello', 'text/plain');
    expect(r.status).toBe(400);
    expect(r.json.statusCode).toBe('415');
    const viaClient = await user.client.storage
      .from(BUCKET)
      .upload('evil.html', new Blob(['<script>'], { type: 'text/html' }));
    expect(viaClient.error).not.toBeNull();
  });

  it('over the bucket size limit (5 MB) → statusCode 413', async () => {
    const r = await refused('big.png', new Uint8Array(5 * 1024 * 1024 + 1), 'image/png');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it.each([
    ['dot-dot segment', '..%2F..%2Fescape.png'],
    ['nested dot-dot', 'a%2F..%2F..%2Fescape.png'],
    ['control character', 'bad%01name.png'],
    ['newline', 'bad%0Aname.png'],
    ['backslash', '..%5Cescape.png'],
  ])('object name with %s → 400 InvalidKey', async (_label, name) => {
    const r = await refused(name, new Uint8Array([1]), 'image/png');
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('InvalidKey');
  });

  it('expired or tampered JWT → refused', async () => {
    const expired = await signJwt(
      { sub: user.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 },
      b.config.jwtSecret,
    );
    const r1 = await refused('exp.png', new Uint8Array([1]), 'image/png', expired);
    // Storage reports jose's reason.
    expect(r1.json).toMatchObject({ statusCode: '403', message: '"exp" claim timestamp check failed' });
    const tampered = `${user.token.slice(0, -4)}AAAA`;
    const r2 = await refused('tamper.png', new Uint8Array([1]), 'image/png', tampered);
    expect(r2.json.statusCode).toBe('403');
    const c = createTestClient(b.url, b.anonKey, expired);
    expect((await c.storage.from(BUCKET).upload('e2.png', png())).error).not.toBeNull();
  });

  it('unknown bucket → not found, nothing written', async () => {
    const before = filesOnDisk().length;
    const { error } = await user.client.storage.from('no-such-bucket').upload('x.png', png());
    expect(error?.message).toBe('Bucket not found');
    expect(filesOnDisk().length).toBe(before);
  });
});
