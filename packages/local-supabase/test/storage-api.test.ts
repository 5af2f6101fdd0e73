/**
 * The rest of the Storage API supabase-js calls, as hosted Supabase answers it: signed upload URLs, listV2, bucket
 * updates and emptying, custom metadata with info() and exists(), bucket fields, image transformations, ranges.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from './helpers.ts';
import { filesOf, serviceBucket, storageFixture, uniqueName } from './storage-fixture.ts';

const f = storageFixture();
const ARTICLES = 'article-images';

const id = uniqueName;
const bucket = (options: Parameters<typeof serviceBucket>[1] = {}) => serviceBucket(f, options);
/** A 400×300 JPEG: left half red, right half blue. */
const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: 'red' } })
    .composite([
      { input: { create: { width: 200, height: 300, channels: 3, background: 'blue' } }, left: 200, top: 0 },
    ])
    .jpeg()
    .toBuffer();
const sizeOf = async (bytes: ArrayBuffer | Buffer) => {
  const m = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width: m.width, height: m.height, format: m.format };
};

describe('signed upload URLs', () => {
  it('lets whoever holds the URL upload once, owned by the signer; a second upload is a 409', async () => {
    const name = `${id('signed')}.png`;
    const { data, error } = await f.user.client.storage.from(ARTICLES).createSignedUploadUrl(name);
    expect(error).toBeNull();
    expect(data!.signedUrl).toBe(
      `${f.b.url}/storage/v1/object/upload/sign/${ARTICLES}/${name}?token=${data!.token}`,
    );
    const anon = anonClient(f.b).storage.from(ARTICLES);
    const first = await anon.uploadToSignedUrl(
      name,
      data!.token,
      new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }),
    );
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ path: name, fullPath: `${ARTICLES}/${name}` });
    const row = await f.b.db.query(
      'select owner_id from storage.objects where bucket_id = $1 and name = $2',
      [ARTICLES, name],
    );
    expect(row.rows).toEqual([{ owner_id: f.user.id }]);
    const again = await anon.uploadToSignedUrl(
      name,
      data!.token,
      new Blob([new Uint8Array([9])], { type: 'image/png' }),
    );
    expect(again.error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    expect(
      new Uint8Array(
        await (await fetch(`${f.b.url}/storage/v1/object/public/${ARTICLES}/${name}`)).arrayBuffer(),
      ),
    ).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('with upsert replaces the existing object and leaves one file on disk', async () => {
    const name = `${id('upsert')}.png`;
    await f.user.client.storage
      .from(ARTICLES)
      .upload(name, new Blob([new Uint8Array([1])], { type: 'image/png' }));
    const before = filesOf(f.b, ARTICLES).length;
    const { data } = await f.user.client.storage.from(ARTICLES).createSignedUploadUrl(name, { upsert: true });
    const { error } = await anonClient(f.b)
      .storage.from(ARTICLES)
      .uploadToSignedUrl(name, data!.token, new Blob([new Uint8Array([7, 7])], { type: 'image/png' }));
    expect(error).toBeNull();
    expect(
      new Uint8Array(
        await (await fetch(`${f.b.url}/storage/v1/object/public/${ARTICLES}/${name}`)).arrayBuffer(),
      ),
    ).toEqual(new Uint8Array([7, 7]));
    expect(filesOf(f.b, ARTICLES).length).toBe(before);
  });

  it('is refused to a caller RLS would not let upload, and a token works for its own path and action only', async () => {
    const denied = await anonClient(f.b).storage.from(ARTICLES).createSignedUploadUrl('anon.png');
    expect(denied.error).toMatchObject({ statusCode: '403' });
    const name = `${id('scoped')}.png`;
    const { data } = await f.user.client.storage.from(ARTICLES).createSignedUploadUrl(name);
    const elsewhere = await anonClient(f.b)
      .storage.from(ARTICLES)
      .uploadToSignedUrl(`x-${name}`, data!.token, new Blob([new Uint8Array([1])], { type: 'image/png' }));
    expect(elsewhere.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    // A download token is not an upload token.
    await f.user.client.storage
      .from(ARTICLES)
      .upload(`dl-${name}`, new Blob([new Uint8Array([1])], { type: 'image/png' }));
    const signed = await f.user.client.storage.from(ARTICLES).createSignedUrl(`dl-${name}`, 60);
    const downloadToken = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const replay = await fetch(
      `${f.b.url}/storage/v1/object/upload/sign/${ARTICLES}/dl-${name}?token=${downloadToken}`,
      {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array([6]),
      },
    );
    expect(await replay.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidSignature',
      message: 'Token is not scoped for upload',
    });
  });
});

describe('listV2', () => {
  let name: string;
  beforeAll(async () => {
    name = await bucket();
    for (const suffix of ['zz', 'bb', 'xx', 'ww', 'cc', 'aa'])
      await f.service.storage.from(name).upload(`dir/f-${suffix}.txt`, new Blob([suffix]));
    await f.service.storage.from(name).upload('dir/sub/deep.txt', new Blob(['x']));
    await f.service.storage.from(name).upload('top.txt', new Blob(['x']));
  });

  const pages = async (options: Record<string, unknown>) => {
    const seen: string[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data, error } = await f.service.storage
        .from(name)
        .listV2({ ...options, limit: 2, ...(cursor ? { cursor } : {}) } as never);
      expect(error).toBeNull();
      seen.push([...data!.folders.map((f) => f.name), ...data!.objects.map((o) => o.name)]);
      if (!data!.hasNext) return seen;
      cursor = data!.nextCursor;
    }
  };

  it('pages through a folder by name with a cursor, folders (with their key) among the objects', async () => {
    expect(await pages({ prefix: 'dir/', with_delimiter: true })).toEqual([
      ['dir/f-aa.txt', 'dir/f-bb.txt'],
      ['dir/f-cc.txt', 'dir/f-ww.txt'],
      ['dir/f-xx.txt', 'dir/f-zz.txt'],
      ['dir/sub/'],
    ]);
    const { data } = await f.service.storage.from(name).listV2({ with_delimiter: true });
    expect(data!.folders).toEqual([expect.objectContaining({ key: 'dir', name: 'dir/', id: null })]);
    expect(data!.objects).toEqual([
      expect.objectContaining({ key: 'top.txt', name: 'top.txt', id: expect.any(String) }),
    ]);
  });

  it('pages by name descending and by creation time, and without the delimiter lists every object under the prefix', async () => {
    expect((await pages({ prefix: 'dir/f-', sortBy: { column: 'name', order: 'desc' } })).flat()).toEqual(
      ['zz', 'xx', 'ww', 'cc', 'bb', 'aa'].map((s) => `dir/f-${s}.txt`),
    );
    expect(
      (await pages({ prefix: 'dir/f-', sortBy: { column: 'created_at', order: 'asc' } })).flat(),
    ).toEqual(['zz', 'bb', 'xx', 'ww', 'cc', 'aa'].map((s) => `dir/f-${s}.txt`));
    const { data } = await f.service.storage.from(name).listV2({ prefix: 'dir/' });
    expect(data!.objects.map((o) => o.name)).toContain('dir/sub/deep.txt');
    expect(data!.folders).toEqual([]);
  });

  it('refuses a cursor that is not one and a limit below 1', async () => {
    const bad = await fetch(`${f.b.url}/storage/v1/object/list-v2/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.b.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cursor: Buffer.from('nonsense').toString('base64') }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', code: 'InvalidParameter' });
    const zero = await f.service.storage.from(name).listV2({ limit: 0 });
    expect(zero.error).toMatchObject({ statusCode: '400' });
  });
});

describe('buckets', () => {
  it('answers the fields Storage answers, with file_size_limit as a number', async () => {
    const name = await bucket({ public: false, fileSizeLimit: '20mb', allowedMimeTypes: ['image/jpeg'] });
    const { data } = await f.service.storage.getBucket(name);
    expect(Object.keys(data!).sort()).toEqual([
      'allowed_mime_types',
      'created_at',
      'file_size_limit',
      'id',
      'name',
      'owner',
      'public',
      'updated_at',
    ]);
    expect(data).toMatchObject({
      id: name,
      name,
      public: false,
      file_size_limit: 20_000_000,
      allowed_mime_types: ['image/jpeg'],
      owner: null,
    });
    const listed = (await f.service.storage.listBuckets()).data!.find((x) => x.id === name)!;
    expect(listed).toMatchObject({ type: 'STANDARD', file_size_limit: 20_000_000 });
  });

  it('updateBucket changes what it is given and nothing else', async () => {
    const name = await bucket({ public: true, fileSizeLimit: '20mb', allowedMimeTypes: ['image/jpeg'] });
    expect((await f.service.storage.updateBucket(name, { public: false })).data).toEqual({
      message: 'Successfully updated',
    });
    expect((await f.service.storage.getBucket(name)).data).toMatchObject({
      public: false,
      file_size_limit: 20_000_000,
      allowed_mime_types: ['image/jpeg'],
    });
    const full = await f.service.storage.updateBucket(name, {
      public: true,
      fileSizeLimit: '1kb',
      allowedMimeTypes: ['text/plain'],
    });
    expect(full.error).toBeNull();
    expect((await f.service.storage.getBucket(name)).data).toMatchObject({
      public: true,
      file_size_limit: 1000,
      allowed_mime_types: ['text/plain'],
    });
    const big = await f.service.storage
      .from(name)
      .upload('big.txt', new Blob(['x'.repeat(1001)], { type: 'text/plain' }));
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect((await f.service.storage.updateBucket(id('missing'), { public: true })).error).toMatchObject({
      message: 'Bucket not found',
    });
  });

  it("buckets are the service role's, as on hosted Supabase: other callers neither see nor change them", async () => {
    const name = await bucket();
    expect((await anonClient(f.b).storage.listBuckets()).data).toEqual([]);
    expect((await f.user.client.storage.getBucket(name)).error).toMatchObject({
      message: 'Bucket not found',
    });
    expect((await f.user.client.storage.createBucket(id('mine'))).error).toMatchObject({ statusCode: '403' });
    expect((await f.user.client.storage.updateBucket(name, { public: false })).error).toMatchObject({
      message: 'Bucket not found',
    });
    expect((await f.service.storage.getBucket(name)).data!.public).toBe(true);
  });

  it('emptyBucket removes every object and its file (service role only); then the bucket can be deleted', async () => {
    const name = await bucket();
    for (const n of ['a.txt', 'f/b.txt', 'f/g/c.txt'])
      await f.service.storage.from(name).upload(n, new Blob(['x']));
    expect(filesOf(f.b, name)).toHaveLength(3);
    expect((await f.service.storage.deleteBucket(name)).error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
    const byUser = await fetch(`${f.b.url}/storage/v1/bucket/${name}/empty`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.user.token}` },
    });
    expect(byUser.status).toBe(403);
    expect(await byUser.json()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'Access denied: Invalid role',
    });
    const { data, error } = await f.service.storage.emptyBucket(name);
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect(filesOf(f.b, name)).toEqual([]);
    expect((await f.service.storage.from(name).list('')).data).toEqual([]);
    expect((await f.service.storage.deleteBucket(name)).data).toEqual({ message: 'Successfully deleted' });
  });
});

describe('custom metadata, info() and exists()', () => {
  it("keeps upload metadata (multipart and x-metadata) and returns it with the object's facts", async () => {
    const name = `${id('meta')}.png`;
    const metadata = { caption: 'Dunnet Head at dawn', credit: 'Pentland Cloud' };
    expect(
      (
        await f.user.client.storage
          .from(ARTICLES)
          .upload(name, new Blob([new Uint8Array(10)], { type: 'image/png' }), {
            metadata,
            cacheControl: '120',
          })
      ).error,
    ).toBeNull();
    const { data, error } = await f.user.client.storage.from(ARTICLES).info(name);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      name,
      bucketId: ARTICLES,
      size: 10,
      contentType: 'image/png',
      cacheControl: 'max-age=120',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      metadata,
      version: expect.any(String),
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
    const raw = `${id('raw')}.png`;
    await f.user.client.storage
      .from(ARTICLES)
      .upload(raw, new Uint8Array([1, 2]), { contentType: 'image/png', metadata: { n: 1 } });
    expect((await f.user.client.storage.from(ARTICLES).info(raw)).data!.metadata).toEqual({ n: 1 });
  });

  it('an object without metadata has {}; exists() is true for a visible object and false otherwise', async () => {
    const name = `${id('plain')}.png`;
    await f.user.client.storage
      .from(ARTICLES)
      .upload(name, new Blob([new Uint8Array(1)], { type: 'image/png' }));
    expect((await f.user.client.storage.from(ARTICLES).info(name)).data!.metadata).toEqual({});
    expect((await f.user.client.storage.from(ARTICLES).exists(name)).data).toBe(true);
    expect((await f.user.client.storage.from(ARTICLES).exists(`missing-${name}`)).data).toBe(false);
    const hidden = await bucket({ public: false });
    await f.service.storage.from(hidden).upload('secret.txt', new Blob(['s']));
    expect((await f.service.storage.from(hidden).exists('secret.txt')).data).toBe(true);
    expect((await f.other.client.storage.from(hidden).exists('secret.txt')).data).toBe(false);
  });
});

describe('image transformations', () => {
  let pub: string;
  let priv: string;
  beforeAll(async () => {
    pub = await bucket();
    priv = await bucket({ public: false });
    const jpeg = await photo();
    await f.service.storage.from(pub).upload('photo.jpg', jpeg, { contentType: 'image/jpeg' });
    // Uploaded with a wrong declared type: imgproxy (and here sharp) reads the format from the bytes.
    await f.service.storage.from(priv).upload('photo.jpg', jpeg);
    await f.service.storage.from(pub).upload('notes.txt', new Blob(['not an image'], { type: 'text/plain' }));
  });

  it('download({ transform }) resizes a private image as the caller (cover crops to the box)', async () => {
    const { data, error } = await f.service.storage
      .from(priv)
      .download('photo.jpg', { transform: { width: 100, height: 100 } });
    expect(error).toBeNull();
    expect(data!.type).toBe('image/jpeg');
    expect(await sizeOf(await data!.arrayBuffer())).toEqual({ width: 100, height: 100, format: 'jpeg' });
    expect(
      (await f.other.client.storage.from(priv).download('photo.jpg', { transform: { width: 100 } })).error,
    ).not.toBeNull();
  });

  it('public URLs with transform: contain keeps the aspect ratio, fill stretches, WebP when accepted or asked for', async () => {
    const url = (transform: Record<string, unknown>) =>
      f.service.storage.from(pub).getPublicUrl('photo.jpg', { transform }).data.publicUrl;
    expect(url({ width: 200 })).toBe(`${f.b.url}/storage/v1/render/image/public/${pub}/photo.jpg?width=200`);
    const contain = await fetch(url({ width: 200, height: 200, resize: 'contain' }));
    expect(contain.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fit');
    expect(await sizeOf(await contain.arrayBuffer())).toEqual({ width: 200, height: 150, format: 'jpeg' });
    const fill = await fetch(url({ width: 50, height: 200, resize: 'fill' }));
    expect(await sizeOf(await fill.arrayBuffer())).toEqual({ width: 50, height: 200, format: 'jpeg' });
    const webp = await fetch(url({ width: 80 }), { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await sizeOf(await webp.arrayBuffer())).format).toBe('webp');
    const avif = await fetch(url({ width: 80, format: 'avif' }));
    expect(avif.headers.get('content-type')).toBe('image/avif');
    const origin = await fetch(url({ width: 80, format: 'origin' }), { headers: { accept: 'image/webp' } });
    expect(origin.headers.get('content-type')).toBe('image/jpeg');
  });

  it('gravity chooses the kept part of a cover crop', async () => {
    const colourAt = async (gravity: string) => {
      const res = await fetch(
        `${f.b.url}/storage/v1/render/image/public/${pub}/photo.jpg?width=50&height=100&gravity=${gravity}`,
      );
      const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[0]! > data[2]! ? 'red' : 'blue';
    };
    expect(await colourAt('we')).toBe('red');
    expect(await colourAt('ea')).toBe('blue');
  });

  it('a signed URL carries its transformation', async () => {
    const { data } = await f.service.storage
      .from(priv)
      .createSignedUrl('photo.jpg', 60, { transform: { width: 120, height: 60, quality: 60 } });
    expect(data!.signedUrl).toContain('/render/image/sign/');
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-transformations')).toBe('height:60,width:120,resizing_type:fill,quality:60');
    expect(await sizeOf(await res.arrayBuffer())).toEqual({ width: 120, height: 60, format: 'jpeg' });
  });

  it.each([
    ['a width that is not a number', 'width=abc'],
    ['a quality below 20', 'width=10&quality=5'],
    ['an unknown resize', 'width=10&resize=squash'],
    ['a focal point outside the image', 'width=10&height=10&gravity=fp&x_offset=2&y_offset=0.5'],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await fetch(`${f.b.url}/storage/v1/render/image/public/${pub}/photo.jpg?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400' });
  });

  it('a file that is not an image is a 400, and an empty transform serves the object as it is', async () => {
    const res = await fetch(`${f.b.url}/storage/v1/render/image/public/${pub}/notes.txt?width=10`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'The source image is invalid or unsupported for rendering',
    });
    const plain = await f.service.storage.from(pub).download('notes.txt', { transform: {} });
    expect(await plain.data!.text()).toBe('not an image');
  });
});

describe('downloads', () => {
  it('honours Range (206), If-None-Match (304) and ?download (attachment)', async () => {
    const name = await bucket();
    await f.service.storage.from(name).upload('abc.txt', new Blob(['abcdefghij'], { type: 'text/plain' }));
    const url = `${f.b.url}/storage/v1/object/public/${name}/abc.txt`;
    const part = await fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await part.text()).toBe('cde');
    expect((await fetch(url, { headers: { range: 'bytes=20-30' } })).status).toBe(416);
    const full = await fetch(url);
    const etag = full.headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const attachment = await fetch(`${url}?download=Caithness notes.txt`);
    expect(attachment.headers.get('content-disposition')).toBe(
      "attachment; filename=Caithness%20notes.txt; filename*=UTF-8''Caithness%20notes.txt",
    );
    expect((await fetch(`${url}?download`)).headers.get('content-disposition')).toBe('attachment;');
  });

  it("an unknown route is a 404 in Storage's shape", async () => {
    const res = await fetch(`${f.b.url}/storage/v1/nowhere`, {
      headers: { authorization: `Bearer ${f.b.serviceRoleKey}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'InvalidRequest',
      error: 'Not Found',
      message: 'Route GET:/storage/v1/nowhere not found',
    });
  });
});
