/** /object: upload, update, download, info, exists, remove, move and copy (supabase/storage src/http/routes/object). */
import { createHash } from 'node:crypto';
import { json } from '../../http.ts';
import type { Sql } from '../../db.ts';
import {
  asCaller,
  asOwner,
  callerSql,
  dbErrors,
  field,
  jsonBody,
  ownerOf,
  type Call,
  type Handler,
  type StorageContext,
} from '../context.ts';
import { errors } from '../errors.ts';
import { MAX_OBJECTS_PER_REQUEST, mustBeValidBucketName, mustBeValidKey } from '../limits.ts';
import { assetResponse, headResponse, infoResponse } from '../respond.ts';
import { buckets, objects, type BucketRow, type ObjectMetadata, type ObjectRow } from '../store.ts';
import { metadataHeader, readUpload } from '../upload.ts';

/**
 * Stores an upload: the bytes as a new version on disk, then the row, as the caller (RLS decides) or, for a signed
 * upload URL, as Storage itself with the token's owner. A replaced version's file goes after the commit; if the row
 * is refused, the new file goes at once.
 */
export async function storeUpload(
  ctx: StorageContext,
  call: Call,
  o: { upsert: boolean; owner: { owner: string | null; ownerId: string | null }; bypassRls?: boolean },
): Promise<ObjectRow> {
  mustBeValidBucketName(call.bucket);
  mustBeValidKey(call.path);
  const bucket = await asOwner(ctx, (sql) => buckets.find(sql, call.bucket));
  if (!bucket) throw errors.noSuchBucket();
  const upload = await readUpload(call.req, bucket, call.path);
  const version = await ctx.files.write(bucket.id, upload.bytes);
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
    size: upload.bytes.byteLength,
    mimetype: upload.mimetype,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: upload.bytes.byteLength,
    httpStatusCode: 200,
  };
  let previous: string | null = null;
  const write = async (sql: Sql) => {
    const object = {
      bucketId: bucket.id,
      name: call.path,
      ...o.owner,
      metadata,
      userMetadata: upload.userMetadata,
      version,
    };
    if (!o.upsert) {
      await objects.insert(sql, object);
      return null;
    }
    previous = (await objects.find(sql, bucket.id, call.path))?.version ?? null;
    const row = await objects.write(sql, object, true);
    if (!row) throw errors.rlsDenied();
    return row;
  };
  let row: ObjectRow | null;
  try {
    row = o.bypassRls ? await dbErrors(ctx.db.transaction(write)) : await asCaller(ctx, call, write);
    // A new object is read back by Storage itself: uploading needs no SELECT policy.
    row ??= await asOwner(ctx, (sql) => objects.find(sql, bucket.id, call.path));
    if (!row) throw errors.rlsDenied();
  } catch (err) {
    await ctx.files.remove(bucket.id, version);
    throw err;
  }
  if (previous && previous !== version) await ctx.files.remove(bucket.id, previous);
  return row;
}

/** POST /object/:bucket/* — upload (`x-upsert: true` replaces). */
export const createObject: Handler = async (call, ctx) => {
  const row = await storeUpload(ctx, call, {
    upsert: call.req.headers.get('x-upsert') === 'true',
    owner: ownerOf(call.claims),
  });
  return json({ Id: row.id, Key: `${row.bucket_id}/${row.name}` });
};

/** PUT /object/:bucket/* — supabase-js `update()`: always an upsert, as Storage's updateObject. */
export const updateObject: Handler = async (call, ctx) => {
  const row = await storeUpload(ctx, call, { upsert: true, owner: ownerOf(call.claims) });
  return json({ Id: row.id, Key: `${row.bucket_id}/${row.name}` });
};

/** The bytes of a row, or Storage's answer when the file behind it is missing. */
export async function bytesOf(ctx: StorageContext, row: ObjectRow): Promise<Buffer> {
  const bytes = row.version ? await ctx.files.read(row.bucket_id, row.version) : null;
  if (!bytes) throw errors.noSuchKey();
  return bytes;
}

/**
 * The bucket and object for a read as Storage's getObject and getObjectInfo decide: a private bucket needs a
 * signed-in caller and RLS; a public one (or a public route) is read by Storage itself.
 */
async function findForRead(
  ctx: StorageContext,
  call: Call,
  publicRoute: boolean,
): Promise<{ bucket: BucketRow; row: ObjectRow }> {
  mustBeValidBucketName(call.bucket);
  const bucket = await asOwner(ctx, (sql) => buckets.find(sql, call.bucket));
  if (!bucket || (!bucket.public && (publicRoute || !call.authenticated))) throw errors.noSuchBucket();
  const row = await dbErrors(
    objects.find(bucket.public ? ctx.db : callerSql(ctx, call), bucket.id, call.path),
  );
  if (!row) throw errors.noSuchKey();
  return { bucket, row };
}

const download = (call: Call): string | null => call.url.searchParams.get('download');

/** GET /object/authenticated/:bucket/* and GET /object/:bucket/* — supabase-js `download()`. */
export const getObject: Handler = async (call, ctx) => {
  const { row } = await findForRead(ctx, call, false);
  return assetResponse(call.req, row, row.metadata ?? {}, await bytesOf(ctx, row), {
    download: download(call),
  });
};

/** An object of a public bucket: one statement on the hot path; the bucket is looked at only to name the error. */
export async function findPublic(ctx: StorageContext, call: Call): Promise<ObjectRow> {
  const row = await asOwner(ctx, (sql) => objects.findPublic(sql, call.bucket, call.path));
  if (row) return row;
  mustBeValidBucketName(call.bucket);
  const bucket = await asOwner(ctx, (sql) => buckets.find(sql, call.bucket));
  throw bucket?.public ? errors.noSuchKey() : errors.noSuchBucket();
}

/** GET /object/public/:bucket/* — public URLs. */
export const getPublicObject: Handler = async (call, ctx) => {
  const row = await findPublic(ctx, call);
  return assetResponse(call.req, row, row.metadata ?? {}, await bytesOf(ctx, row), {
    download: download(call),
  });
};

/** HEAD of an object (supabase-js `exists()`), public or as the caller. */
export const headObject =
  (publicRoute: boolean): Handler =>
  async (call, ctx) =>
    headResponse((await findForRead(ctx, call, publicRoute)).row);

/** GET /object/info/… — supabase-js `info()`. */
export const objectInfo =
  (publicRoute: boolean): Handler =>
  async (call, ctx) =>
    infoResponse((await findForRead(ctx, call, publicRoute)).row);

/** DELETE /object/:bucket/* — one object, under RLS. */
export const deleteObject: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const [row] = await asCaller(ctx, call, (tx) => objects.remove(tx, call.bucket, [call.path]));
  if (!row) throw errors.noSuchKey();
  await ctx.files.remove(row.bucket_id, row.version);
  return json({ message: 'Successfully deleted' });
};

/** DELETE /object/:bucket `{ prefixes }` — supabase-js `remove()`: the objects the caller may delete, deleted. */
export const deleteObjects: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const body = await jsonBody(call.req);
  const prefixes = field.strings(body, 'prefixes');
  if (!prefixes) throw errors.invalidRequest("body must have required property 'prefixes'");
  if (prefixes.length < 1) throw errors.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.length > MAX_OBJECTS_PER_REQUEST)
    throw errors.invalidRequest(`body/prefixes must NOT have more than ${MAX_OBJECTS_PER_REQUEST} items`);
  const rows = await asCaller(ctx, call, (tx) => objects.remove(tx, call.bucket, prefixes));
  for (const row of rows) await ctx.files.remove(row.bucket_id, row.version);
  return json(rows);
};

/** The body of move and copy (Storage's schema: bucketId, sourceKey, destinationKey required). */
async function transferBody(call: Call) {
  const body = await jsonBody(call.req);
  const bucketId = field.string(body, 'bucketId', true)!;
  const sourceKey = field.string(body, 'sourceKey', true)!;
  const destinationKey = field.string(body, 'destinationKey', true)!;
  const destinationBucket = field.string(body, 'destinationBucket') || bucketId;
  mustBeValidBucketName(bucketId);
  mustBeValidBucketName(destinationBucket);
  mustBeValidKey(destinationKey);
  return { body, bucketId, sourceKey, destinationKey, destinationBucket };
}

/**
 * POST /object/move — renames under RLS (the caller must see the source and may update it into its new place); the
 * mover becomes the owner, as in Storage. Across buckets the file gets its new name before the commit and loses
 * the old one after it.
 */
export const moveObject: Handler = async (call, ctx) => {
  const t = await transferBody(call);
  if (
    t.destinationBucket !== t.bucketId &&
    !(await asOwner(ctx, (sql) => buckets.find(sql, t.destinationBucket)))
  )
    throw errors.noSuchBucket();
  // A move across buckets gives the file its new name inside the transaction; the old name goes after the commit.
  const linked: { bucket: string; version: string }[] = [];
  try {
    const row = await asCaller(ctx, call, async (tx) => {
      const source = await objects.find(tx, t.bucketId, t.sourceKey);
      if (!source) throw errors.noSuchKey();
      const moved = await objects.rename(
        tx,
        { bucketId: t.bucketId, name: t.sourceKey },
        { bucketId: t.destinationBucket, name: t.destinationKey },
        ownerOf(call.claims),
      );
      if (!moved) throw errors.rlsDenied();
      if (t.destinationBucket !== t.bucketId && source.version) {
        await ctx.files.link(t.bucketId, t.destinationBucket, source.version);
        linked.push({ bucket: t.destinationBucket, version: source.version });
      }
      return moved;
    });
    for (const { version } of linked) await ctx.files.remove(t.bucketId, version);
    return json({ message: 'Successfully moved', Id: row.id, Key: row.name });
  } catch (err) {
    for (const { bucket, version } of linked) await ctx.files.remove(bucket, version);
    throw err;
  }
};

/**
 * POST /object/copy — a new object with a copy of the bytes (`x-upsert: true` replaces the destination); metadata
 * copied unless `copyMetadata: false`, when `metadata` (cacheControl, mimetype) and the `x-metadata` header apply.
 */
export const copyObject: Handler = async (call, ctx) => {
  const t = await transferBody(call);
  const copyMetadata = field.boolean(t.body, 'copyMetadata') ?? true;
  const given = t.body.metadata;
  if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given)))
    throw errors.invalidRequest('body/metadata must be object');
  const meta = (given ?? {}) as Record<string, unknown>;
  for (const key of ['cacheControl', 'mimetype'] as const)
    if (meta[key] !== undefined && typeof meta[key] !== 'string')
      throw errors.invalidRequest(`body/metadata/${key} must be string`);
  const upsert = call.req.headers.get('x-upsert') === 'true';
  if (!(await asOwner(ctx, (sql) => buckets.find(sql, t.destinationBucket)))) throw errors.noSuchBucket();
  const source = await dbErrors(objects.find(callerSql(ctx, call), t.bucketId, t.sourceKey));
  if (!source) throw errors.noSuchKey();
  const bytes = await bytesOf(ctx, source);
  const version = await ctx.files.write(t.destinationBucket, bytes);
  const metadata = { ...(source.metadata ?? ({} as ObjectMetadata)), lastModified: new Date().toUTCString() };
  if (!copyMetadata) {
    if (typeof meta.cacheControl === 'string') metadata.cacheControl = meta.cacheControl;
    if (typeof meta.mimetype === 'string') metadata.mimetype = meta.mimetype;
  }
  const userMetadata = copyMetadata
    ? source.user_metadata
    : metadataHeader(call.req.headers.get('x-metadata'));
  let previous: string | null = null;
  let row: ObjectRow;
  try {
    row = await asCaller(ctx, call, async (tx) => {
      if (upsert) previous = (await objects.find(tx, t.destinationBucket, t.destinationKey))?.version ?? null;
      const written = await objects.write(
        tx,
        {
          bucketId: t.destinationBucket,
          name: t.destinationKey,
          ...ownerOf(call.claims),
          metadata,
          userMetadata,
          version,
        },
        upsert,
      );
      if (!written) throw errors.rlsDenied();
      return written;
    });
  } catch (err) {
    await ctx.files.remove(t.destinationBucket, version);
    throw err;
  }
  if (previous) await ctx.files.remove(t.destinationBucket, previous);
  return json({ Id: row.id, Key: `${t.destinationBucket}/${t.destinationKey}`, ...row });
};
