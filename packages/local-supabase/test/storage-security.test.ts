/**
 * Storage as an attacker tries it (issue: crafted input, update, served types, clean-up after a crash): every bad
 * request gets a Storage-shaped 4xx and changes nothing; user files never run as HTML on the API's origin.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonClient, freshDatabaseUrl, serviceClient, startTestBackend } from './helpers.ts';
import { filesOf, serviceBucket, storageFixture } from './storage-fixture.ts';

const f = storageFixture();
const BUCKET = 'article-images';

const png = (n: number, fill: number): Blob =>
  new Blob([new Uint8Array(n).fill(fill)], { type: 'image/png' });
const unique = (ext = 'png') => `sec-${randomUUID().slice(0, 8)}.${ext}`;
const publicBytes = async (bucket: string, name: string) =>
  new Uint8Array(await (await fetch(`${f.b.url}/storage/v1/object/public/${bucket}/${name}`)).arrayBuffer());
const objectCount = async (): Promise<number> =>
  Number((await f.b.db.query<{ n: number }>('select count(*)::int as n from storage.objects')).rows[0]!.n);
const filesOnDisk = (bucket = BUCKET): string[] => filesOf(f.b, bucket);
const openBucket = (options: { fileSizeLimit?: string | number } = {}) => serviceBucket(f, options);

describe('update() (PUT) replaces an object, as Storage does', () => {
  it('lets the uploader replace the bytes, keeping one file on disk', async () => {
    const name = unique();
    expect((await f.user.client.storage.from(BUCKET).upload(name, png(10, 1))).error).toBeNull();
    const before = filesOnDisk().length;
    const { data, error } = await f.user.client.storage
      .from(BUCKET)
      .update(name, png(12, 2), { cacheControl: '120' });
    expect(error).toBeNull();
    expect(data!.path).toBe(name);
    expect(await publicBytes(BUCKET, name)).toEqual(new Uint8Array(12).fill(2));
    const res = await fetch(`${f.b.url}/storage/v1/object/public/${BUCKET}/${name}`);
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(filesOnDisk().length).toBe(before);
  });

  it('refuses another user and anon, leaving the bytes and the files as they were', async () => {
    const name = unique();
    await f.user.client.storage.from(BUCKET).upload(name, png(10, 3));
    const before = [await objectCount(), filesOnDisk().length];
    const byOther = await f.other.client.storage.from(BUCKET).update(name, png(10, 4));
    expect(byOther.error).not.toBeNull();
    const byAnon = await anonClient(f.b).storage.from(BUCKET).update(name, png(10, 5));
    expect(byAnon.error).not.toBeNull();
    expect(await publicBytes(BUCKET, name)).toEqual(new Uint8Array(10).fill(3));
    expect([await objectCount(), filesOnDisk().length]).toEqual(before);
  });

  it('creates the object when the path is new (PUT is an upsert), owned by the uploader', async () => {
    const name = unique();
    const { error } = await f.user.client.storage.from(BUCKET).update(name, png(6, 6));
    expect(error).toBeNull();
    const row = await f.b.db.query<{ owner_id: string }>(
      'select owner_id from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, name],
    );
    expect(row.rows).toEqual([{ owner_id: f.user.id }]);
  });

  it('works on PostgreSQL and PGlite alike through a raw PUT with an upload body', async () => {
    const name = unique();
    await f.user.client.storage.from(BUCKET).upload(name, png(4, 1));
    const res = await fetch(`${f.b.url}/storage/v1/object/${BUCKET}/${name}`, {
      method: 'PUT',
      headers: { apikey: f.b.anonKey, authorization: `Bearer ${f.user.token}`, 'content-type': 'image/png' },
      body: new Uint8Array([9, 9]),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ Key: `${BUCKET}/${name}` });
    expect(await publicBytes(BUCKET, name)).toEqual(new Uint8Array([9, 9]));
  });
});

describe('bucket file_size_limit as Storage parses it', () => {
  it('accepts "1mb" (decimal, 1,000,000 bytes) and enforces it on uploads', async () => {
    const id = await openBucket({ fileSizeLimit: '1mb' });
    const { data } = await f.service.storage.getBucket(id);
    expect(Number(data!.file_size_limit)).toBe(1_000_000);
    expect((await f.service.storage.from(id).upload('fits.bin', new Uint8Array(1_000_000))).error).toBeNull();
    const over = await f.service.storage.from(id).upload('over.bin', new Uint8Array(1_000_001));
    expect(over.error).toMatchObject({
      message: 'The object exceeded the maximum allowed size',
      statusCode: '413',
    });
  });

  it.each([
    ['1.5KB', 1500],
    ['20b', 20],
    ['2GB', null],
    [1024, 1024],
  ])('file_size_limit %s', async (limit, bytes) => {
    const id = `lim-${randomUUID().slice(0, 8)}`;
    const { error } = await f.service.storage.createBucket(id, { public: false, fileSizeLimit: limit });
    if (bytes === null) {
      // Larger than the server's own 50 MiB limit: refused, as Storage refuses it.
      expect(error).toMatchObject({ statusCode: '413' });
      expect((await f.b.db.query('select 1 from storage.buckets where id = $1', [id])).rows).toEqual([]);
      return;
    }
    expect(error).toBeNull();
    expect(Number((await f.service.storage.getBucket(id)).data!.file_size_limit)).toBe(bytes);
  });

  it.each([
    ['a size without a unit it knows', { file_size_limit: '1 megabyte' }],
    ['a negative number', { file_size_limit: -1 }],
    ['an object', { file_size_limit: {} }],
    ['mime types that are not a list', { allowed_mime_types: 'image/png' }],
    ['mime types that are not strings', { allowed_mime_types: [1] }],
    ['a malformed mime type', { allowed_mime_types: ['image/png\r\nx'] }],
    ['a name that is not a string', { name: 5 }],
    ['public that is not a boolean', { public: 'yes' }],
  ])('refuses a bucket with %s: 400, nothing created', async (_label, patch) => {
    const id = `bad-${randomUUID().slice(0, 8)}`;
    const res = await fetch(`${f.b.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: {
        apikey: f.b.serviceRoleKey,
        authorization: `Bearer ${f.b.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id, name: id, ...patch }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: expect.stringMatching(/^4\d\d$/),
      message: expect.any(String),
    });
    expect((await f.b.db.query('select 1 from storage.buckets where id = $1', [id])).rows).toEqual([]);
  });
});

describe('crafted requests get a 4xx, never a 500, and change nothing', () => {
  const auth = () => ({ apikey: f.b.anonKey, authorization: `Bearer ${f.user.token}` });
  const cases: [string, string, () => RequestInit][] = [
    [
      'a malformed % escape in an upload path',
      `/storage/v1/object/${BUCKET}/bad%E0%A4%A.png`,
      () => ({
        method: 'POST',
        headers: { ...auth(), 'content-type': 'image/png' },
        body: new Uint8Array([1]),
      }),
    ],
    ['a malformed % escape in a public download', `/storage/v1/object/public/${BUCKET}/%zz.png`, () => ({})],
    [
      'a malformed % escape in an authenticated download',
      `/storage/v1/object/authenticated/${BUCKET}/%.png`,
      () => ({ headers: auth() }),
    ],
    ['a malformed % escape in a signed URL', `/storage/v1/object/sign/${BUCKET}/%zz?token=x`, () => ({})],
    ['a malformed % escape in a bucket id', '/storage/v1/bucket/%zz', () => ({ headers: auth() })],
    [
      'a malformed % escape in object info',
      `/storage/v1/object/info/${BUCKET}/%E0`,
      () => ({ headers: auth() }),
    ],
    [
      'a cacheControl with CR/LF (multipart)',
      `/storage/v1/object/${BUCKET}/crlf.png`,
      () => {
        const form = new FormData();
        form.append('cacheControl', '3600\r\nSet-Cookie: session=stolen');
        form.append('', png(3, 1));
        return { method: 'POST', headers: auth(), body: form };
      },
    ],
    [
      'metadata with a NUL character',
      `/storage/v1/object/${BUCKET}/nul-meta.png`,
      () => {
        const form = new FormData();
        form.append('metadata', JSON.stringify({ note: 'a\u0000b' }));
        form.append('', png(3, 1));
        return { method: 'POST', headers: auth(), body: form };
      },
    ],
    [
      'copy with keys that are not strings',
      '/storage/v1/object/copy',
      () => ({
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ bucketId: {}, sourceKey: [], destinationKey: null }),
      }),
    ],
    [
      'a list body that is an array',
      `/storage/v1/object/list/${BUCKET}`,
      () => ({ method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '[1]' }),
    ],
    [
      'JSON nested 100,000 levels deep',
      '/storage/v1/object/move',
      () => ({
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: '['.repeat(100_000) + ']'.repeat(100_000),
      }),
    ],
    [
      'remove with prefixes that are not strings',
      `/storage/v1/object/${BUCKET}`,
      () => ({
        method: 'DELETE',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: [1, null] }),
      }),
    ],
  ];

  it.each(cases)('%s', async (_label, url, init) => {
    const before = [await objectCount(), filesOnDisk().length];
    const res = await fetch(`${f.b.url}${url}`, init());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { statusCode: string; error: string; message: string };
    expect(body).toMatchObject({
      statusCode: expect.stringMatching(/^4\d\d$/),
      error: expect.any(String),
      message: expect.any(String),
    });
    expect([await objectCount(), filesOnDisk().length]).toEqual(before);
  });

  it('an object whose stored cache-control is broken still downloads (with no-cache)', async () => {
    const name = unique();
    await f.user.client.storage.from(BUCKET).upload(name, png(5, 5));
    await f.b.db.query(
      `update storage.objects set metadata = metadata || '{"cacheControl": "max-age=1\\r\\nSet-Cookie: x=y"}' where name = $1`,
      [name],
    );
    const res = await fetch(`${f.b.url}/storage/v1/object/public/${BUCKET}/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('served types', () => {
  it('serves HTML as text/plain with nosniff, so it never runs on the API origin', async () => {
    const id = await openBucket();
    const html = '<script>alert(document.domain)</script>';
    expect(
      (await f.service.storage.from(id).upload('page.html', new Blob([html], { type: 'text/html' }))).error,
    ).toBeNull();
    const res = await fetch(`${f.b.url}/storage/v1/object/public/${id}/page.html`);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(html);
  });

  it('serves HTML uploaded as image/png as image/png with nosniff (no sniffing into HTML)', async () => {
    const name = unique();
    const { error } = await f.user.client.storage
      .from(BUCKET)
      .upload(name, new Blob(['<html><script>alert(1)</script>'], { type: 'image/png' }));
    expect(error).toBeNull();
    for (const route of ['public', 'authenticated']) {
      const res = await fetch(`${f.b.url}/storage/v1/object/${route}/${BUCKET}/${name}`, {
        headers: { authorization: `Bearer ${f.user.token}` },
      });
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves SVG inside a CSP sandbox', async () => {
    const id = await openBucket();
    await f.service.storage.from(id).upload(
      'pic.svg',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
        type: 'image/svg+xml',
      }),
    );
    const res = await fetch(`${f.b.url}/storage/v1/object/public/${id}/pic.svg`);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  });
});

describe('copy and move between buckets', () => {
  it('copy into a bucket that does not exist: Bucket not found, and no folder is created on disk', async () => {
    const name = unique();
    await f.user.client.storage.from(BUCKET).upload(name, png(4, 4));
    const res = await fetch(`${f.b.url}/storage/v1/object/copy`, {
      method: 'POST',
      headers: {
        apikey: f.b.anonKey,
        authorization: `Bearer ${f.user.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        bucketId: BUCKET,
        sourceKey: name,
        destinationBucket: 'no-such-bucket',
        destinationKey: name,
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect(existsSync(path.join(f.b.dataDir, 'storage', 'no-such-bucket'))).toBe(false);
  });

  it('move to another bucket carries the bytes and leaves no file behind', async () => {
    const from = await openBucket();
    const to = await openBucket();
    await f.service.storage.from(from).upload('a.bin', new Uint8Array([1, 2, 3]));
    const { error } = await f.service.storage.from(from).move('a.bin', 'b.bin', { destinationBucket: to });
    expect(error).toBeNull();
    expect(await publicBytes(to, 'b.bin')).toEqual(new Uint8Array([1, 2, 3]));
    expect(filesOnDisk(from)).toEqual([]);
    expect(filesOnDisk(to)).toHaveLength(1);
  });
});

it('removes .part temporaries and orphaned object files at start, keeping every stored object', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'local-supabase-sweep-'));
  const databaseUrl = await freshDatabaseUrl();
  try {
    let first = await startTestBackend({ dataDir, databaseUrl });
    const admin = serviceClient(first);
    expect((await admin.storage.from(BUCKET).upload('kept.png', png(7, 7))).error).toBeNull();
    await first.stop();
    const dir = path.join(dataDir, 'storage', BUCKET);
    const kept = readdirSync(dir);
    writeFileSync(path.join(dataDir, 'storage', '.tmp', `${randomUUID()}.part`), 'half an upload');
    writeFileSync(path.join(dir, `.${randomUUID()}.part`), 'half a seed file');
    writeFileSync(path.join(dir, randomUUID()), 'bytes whose row never committed');
    mkdirSync(path.join(dataDir, 'storage', 'gone-bucket'), { recursive: true });
    writeFileSync(path.join(dataDir, 'storage', 'gone-bucket', randomUUID()), 'orphan');
    first = await startTestBackend({ dataDir, databaseUrl });
    // The first request waits for the clean-up.
    expect(
      await new Uint8Array(
        await (await fetch(`${first.url}/storage/v1/object/public/${BUCKET}/kept.png`)).arrayBuffer(),
      ),
    ).toEqual(new Uint8Array(7).fill(7));
    expect(readdirSync(dir).sort()).toEqual(kept.sort());
    expect(readdirSync(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);
    expect(readdirSync(path.join(dataDir, 'storage', 'gone-bucket'))).toEqual([]);
    await first.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);

describe('policies an upload needs, as Storage documents them', () => {
  it('an INSERT policy alone lets a caller upload a new object that it then cannot read, list or overwrite', async () => {
    const bucket = await serviceBucket(f, { public: false });
    await f.b.db.query(
      `create policy "${bucket}: insert only" on storage.objects for insert to anon, authenticated
         with check (bucket_id = '${bucket}')`,
    );
    const name = unique();
    const up = await anonClient(f.b)
      .storage.from(bucket)
      .upload(name, png(8, 1), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: name, fullPath: `${bucket}/${name}` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await anonClient(f.b).storage.from(bucket).download(name)).data).toBeNull();
    expect((await f.user.client.storage.from(bucket).list()).data ?? []).toEqual([]);
    // An upsert reads the row back (and may replace it): that needs SELECT and UPDATE as well.
    const again = await anonClient(f.b)
      .storage.from(bucket)
      .upload(name, png(8, 2), { contentType: 'image/png', upsert: true });
    expect(again.error).not.toBeNull();
    const kept = await f.service.storage.from(bucket).download(name);
    expect(new Uint8Array(await kept.data!.arrayBuffer())).toEqual(new Uint8Array(8).fill(1));
    expect(filesOf(f.b, bucket)).toHaveLength(1);
  });
});
