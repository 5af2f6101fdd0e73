/** /bucket: list, get, create, update, delete and empty buckets (supabase/storage src/http/routes/bucket). */
import { json } from '../../http.ts';
import { asCaller, asOwner, field, jsonBody, ownerOf, type Handler } from '../context.ts';
import { errors } from '../errors.ts';
import { mustBeValidBucketName, mustBeValidMimePatterns, parseBucketSizeLimit } from '../limits.ts';
import { buckets, objects } from '../store.ts';

const message = (text: string) => json({ message: text });

/** The fields getBucket answers with (listBuckets adds `type`). */
const bucketView = ({ type: _type, ...b }: Awaited<ReturnType<typeof buckets.find>> & object) => b;

export const listBuckets: Handler = async (call, ctx) => {
  const q = call.url.searchParams;
  const int = (name: string, min: number) => {
    const raw = q.get(name);
    if (raw === null) return undefined;
    if (!/^\d+$/.test(raw) || Number(raw) < min)
      throw errors.invalidRequest(`querystring/${name} must be integer >= ${min}`);
    return Number(raw);
  };
  const sortColumn = q.get('sortColumn') ?? undefined;
  if (sortColumn !== undefined && !['id', 'name', 'created_at', 'updated_at'].includes(sortColumn))
    throw errors.invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
  const sortOrder = q.get('sortOrder') ?? undefined;
  if (sortOrder !== undefined && !['asc', 'desc'].includes(sortOrder))
    throw errors.invalidRequest('querystring/sortOrder must be equal to one of the allowed values');
  const rows = await asCaller(ctx, call, (tx) =>
    buckets.list(tx, {
      limit: int('limit', 1),
      offset: int('offset', 0),
      sortColumn,
      sortOrder,
      search: q.get('search') ?? undefined,
    }),
  );
  return json(rows);
};

export const getBucket: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const row = await asCaller(ctx, call, (tx) => buckets.find(tx, call.bucket));
  if (!row) throw errors.noSuchBucket();
  return json(bucketView(row));
};

export const createBucket: Handler = async (call, ctx) => {
  const body = await jsonBody(call.req);
  const name = field.string(body, 'name', true)!;
  const id = field.string(body, 'id') || name;
  const isPublic = field.boolean(body, 'public') ?? false;
  field.oneOf(body, 'type', ['STANDARD', 'ANALYTICS'] as const);
  const limit = field.sizeLimit(body, 'file_size_limit');
  const mimeTypes = field.strings(body, 'allowed_mime_types');
  if (name.trim() !== name) throw errors.invalidBucketName();
  mustBeValidBucketName(name);
  mustBeValidBucketName(id);
  const allowed = mimeTypes ? mimeTypes.filter(Boolean) : mimeTypes;
  if (allowed) mustBeValidMimePatterns(allowed);
  const { owner, ownerId } = ownerOf(call.claims);
  await asCaller(ctx, call, (tx) =>
    buckets.create(tx, {
      id,
      name,
      owner,
      ownerId,
      public: isPublic,
      fileSizeLimit: limit === undefined ? null : parseBucketSizeLimit(limit),
      allowedMimeTypes: allowed ?? null,
    }),
  );
  return json({ name });
};

export const updateBucket: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const body = await jsonBody(call.req);
  const isPublic = field.boolean(body, 'public');
  const limit = field.sizeLimit(body, 'file_size_limit');
  const mimeTypes = field.strings(body, 'allowed_mime_types');
  if (isPublic === undefined && limit === undefined && mimeTypes === undefined)
    throw errors.invalidRequest('body must have at least one of public, file_size_limit, allowed_mime_types');
  const allowed = mimeTypes ? mimeTypes.filter(Boolean) : mimeTypes;
  if (allowed) mustBeValidMimePatterns(allowed);
  const found = await asCaller(ctx, call, (tx) =>
    buckets.update(tx, call.bucket, {
      public: isPublic,
      fileSizeLimit: limit === undefined ? undefined : parseBucketSizeLimit(limit),
      allowedMimeTypes: allowed,
    }),
  );
  if (!found) throw errors.noSuchBucket();
  return message('Successfully updated');
};

/** Only an empty bucket is deleted (Storage checks as itself, then deletes as the caller). */
export const deleteBucket: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  if (!(await asOwner(ctx, (sql) => buckets.find(sql, call.bucket)))) throw errors.noSuchBucket();
  if (await asOwner(ctx, (sql) => buckets.hasObjects(sql, call.bucket))) throw errors.bucketNotEmpty();
  if (!(await asCaller(ctx, call, (tx) => buckets.remove(tx, call.bucket)))) throw errors.noSuchBucket();
  return message('Successfully deleted');
};

/**
 * Removes every object of a bucket (service role only). Storage queues the work and answers at once; here it is
 * done before the answer, which keeps Storage's words.
 */
export const emptyBucket: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  if (!(await asOwner(ctx, (sql) => buckets.find(sql, call.bucket)))) throw errors.noSuchBucket();
  const removed = await asOwner(ctx, (sql) => objects.removeAll(sql, call.bucket));
  for (const { version } of removed) await ctx.files.remove(call.bucket, version);
  return message('Empty bucket has been queued. Completion may take up to an hour.');
};
