/**
 * Signed URLs: `createSignedUrl(s)` and their downloads, `createSignedUploadUrl` and `uploadToSignedUrl`
 * (supabase/storage getSignedURL(s), getSignedObject, getSignedUploadURL, uploadSignedObject).
 */
import { json } from '../../http.ts';
import {
  asOwner,
  callerSql,
  dbErrors,
  field,
  jsonBody,
  ownerOf,
  testPermission,
  type Handler,
} from '../context.ts';
import { errors } from '../errors.ts';
import { hasTransformation, transformationSegments, type TransformOptions } from '../image.ts';
import {
  MAX_OBJECTS_PER_REQUEST,
  mustBeValidBucketName,
  mustBeValidExpiry,
  mustBeValidKey,
} from '../limits.ts';
import { assetResponse } from '../respond.ts';
import { buckets, objects, type ObjectMetadata } from '../store.ts';
import { signToken, UPLOAD_URL_SECONDS, verifyToken } from '../tokens.ts';
import { metadataHeader } from '../upload.ts';
import { storeUpload } from './objects.ts';

const NOT_VISIBLE = 'Either the object does not exist or you do not have access to it';

/** A transform object of a sign body (the same fields as the render query), checked as Storage's schema. */
function transformBody(value: unknown): TransformOptions {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw errors.invalidRequest('body/transform must be object');
  const t = value as Record<string, unknown>;
  const out: TransformOptions = {};
  for (const name of ['width', 'height', 'quality'] as const) {
    const n = field.integer(t, name, name === 'quality' ? 20 : 0);
    if (n !== undefined) out[name] = n;
  }
  if (out.quality !== undefined && out.quality > 100)
    throw errors.invalidRequest('body/transform/quality must be <= 100');
  const resize = field.oneOf(t, 'resize', ['cover', 'contain', 'fill'] as const);
  if (resize) out.resize = resize;
  const format = field.oneOf(t, 'format', ['origin', 'avif', 'webp'] as const);
  if (format) out.format = format;
  return out;
}

/** POST /object/sign/:bucket/* `{ expiresIn, transform? }` — one object the caller can read. */
export const signUrl: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const body = await jsonBody(call.req);
  const expiresIn = mustBeValidExpiry(body.expiresIn);
  const transform = transformBody(body.transform);
  if (!(await dbErrors(objects.find(callerSql(ctx, call), call.bucket, call.path)))) throw errors.noSuchKey();
  const url = `${call.bucket}/${call.path}`;
  const render = hasTransformation(transform);
  const token = await signToken(
    ctx.verifier,
    {
      url,
      scope: 'download',
      ...(render
        ? {
            transformations: transformationSegments(transform, true).join(','),
            format: transform.format ?? '',
          }
        : {}),
    },
    expiresIn,
  );
  // As Storage: the path is not re-encoded (supabase-js encodes the whole URL).
  return json({ signedURL: `/${render ? 'render/image' : 'object'}/sign/${url}?token=${token}` });
};

/** POST /object/sign/:bucket `{ expiresIn, paths }` — an entry per path, with an error for those the caller cannot read. */
export const signUrls: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const body = await jsonBody(call.req);
  const expiresIn = mustBeValidExpiry(body.expiresIn);
  const paths = field.strings(body, 'paths');
  if (!paths) throw errors.invalidRequest("body must have required property 'paths'");
  if (paths.length < 1) throw errors.invalidRequest('body/paths must NOT have fewer than 1 items');
  if (paths.length > MAX_OBJECTS_PER_REQUEST)
    throw errors.invalidRequest(`body/paths must NOT have more than ${MAX_OBJECTS_PER_REQUEST} items`);
  const visible = await dbErrors(objects.visibleNames(callerSql(ctx, call), call.bucket, paths));
  const out = [];
  for (const path of paths) {
    if (!visible.has(path)) {
      out.push({ error: NOT_VISIBLE, path, signedURL: null });
      continue;
    }
    const url = `${call.bucket}/${path}`;
    const token = await signToken(ctx.verifier, { url, scope: 'download' }, expiresIn);
    out.push({ error: null, path, signedURL: `/object/sign/${url}?token=${token}` });
  }
  return json(out);
};

/** GET /object/sign/:bucket/*?token= — the object, for whoever holds the token, until it expires. */
export const getSignedObject: Handler = async (call, ctx) => {
  const token = await verifyToken(
    ctx.verifier,
    call.url.searchParams.get('token') ?? '',
    `${call.bucket}/${call.path}`,
    'download',
  );
  const row = await asOwner(ctx, (sql) => objects.find(sql, call.bucket, call.path));
  const bytes = row?.version ? await ctx.files.read(row.bucket_id, row.version) : null;
  if (!row || !bytes) throw errors.noSuchKey();
  return assetResponse(call.req, row, row.metadata ?? {}, bytes, {
    download: call.url.searchParams.get('download'),
    expires: token.exp,
  });
};

/**
 * POST /object/upload/sign/:bucket/* — a URL to upload one object later, for two hours. The caller must be allowed
 * to write it now (RLS, tried and rolled back); `x-upsert: true` lets the URL replace an existing object.
 */
export const signUploadUrl: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  mustBeValidKey(call.path);
  const upsert = call.req.headers.get('x-upsert') === 'true';
  const owner = ownerOf(call.claims);
  const length = Number(call.req.headers.get('content-length') ?? 'NaN');
  const metadata = {
    mimetype: call.req.headers.get('content-type') ?? undefined,
    contentLength: Number.isFinite(length) ? length : undefined,
  } as unknown as ObjectMetadata;
  if (!(await asOwner(ctx, (sql) => buckets.find(sql, call.bucket)))) throw errors.noSuchBucket();
  await testPermission(ctx, call, (tx) =>
    objects.write(
      tx,
      {
        bucketId: call.bucket,
        name: call.path,
        ...owner,
        metadata,
        userMetadata: metadataHeader(call.req.headers.get('x-metadata')),
        version: '1',
      },
      upsert,
    ),
  );
  const url = `${call.bucket}/${call.path}`;
  const token = await signToken(
    ctx.verifier,
    { owner: owner.ownerId ?? undefined, url, upsert, scope: 'upload' },
    UPLOAD_URL_SECONDS,
  );
  return json({ url: `/object/upload/sign/${url}?token=${token}`, token });
};

/** PUT /object/upload/sign/:bucket/*?token= — the upload, as Storage itself, owned by whoever signed the URL. */
export const uploadToSignedUrl: Handler = async (call, ctx) => {
  const token = await verifyToken(
    ctx.verifier,
    call.url.searchParams.get('token') ?? '',
    `${call.bucket}/${call.path}`,
    'upload',
  );
  const row = await storeUpload(ctx, call, {
    upsert: token.upsert,
    owner: ownerOf({ owner: token.owner }),
    bypassRls: true,
  });
  return json({ Key: `${row.bucket_id}/${row.name}` });
};
