/**
 * /render/image: an image object transformed (supabase-js `download({ transform })`, `getPublicUrl(…, { transform })`,
 * `createSignedUrl(…, { transform })`), public, as the caller, or with a signed URL's token.
 */
import { asOwner, callerSql, dbErrors, type Call, type Handler, type StorageContext } from '../context.ts';
import { errors } from '../errors.ts';
import {
  transformationSegments,
  transformFromQuery,
  transformFromString,
  type TransformOptions,
} from '../image.ts';
import { mustBeValidBucketName } from '../limits.ts';
import { assetResponse } from '../respond.ts';
import { objects, type ObjectMetadata, type ObjectRow } from '../store.ts';
import { verifyToken } from '../tokens.ts';
import { bytesOf, findPublic } from './objects.ts';

async function render(
  ctx: StorageContext,
  call: Call,
  row: ObjectRow,
  options: TransformOptions,
  expires?: number,
): Promise<Response> {
  const metadata: Partial<ObjectMetadata> = row.metadata ?? {};
  const image = await ctx.images.render(
    `${row.bucket_id}/${row.version}`,
    () => bytesOf(ctx, row),
    options,
    call.req.headers.get('accept'),
  );
  return assetResponse(
    call.req,
    row,
    { ...metadata, mimetype: image.mimetype, size: image.bytes.length },
    image.bytes,
    {
      download: call.url.searchParams.get('download'),
      expires,
      transformations: transformationSegments(options),
    },
  );
}

/** GET /render/image/public/:bucket/* — an object of a public bucket. */
export const renderPublicImage: Handler = async (call, ctx) => {
  const options = transformFromQuery(call.url.searchParams);
  return render(ctx, call, await findPublic(ctx, call), options);
};

/** GET /render/image/authenticated/:bucket/* — an object the caller may read (RLS). */
export const renderAuthenticatedImage: Handler = async (call, ctx) => {
  const options = transformFromQuery(call.url.searchParams);
  mustBeValidBucketName(call.bucket);
  const row = await dbErrors(objects.find(callerSql(ctx, call), call.bucket, call.path));
  if (!row) throw errors.noSuchKey();
  return render(ctx, call, row, options);
};

/** GET /render/image/sign/:bucket/*?token= — the transformation the token was signed with. */
export const renderSignedImage: Handler = async (call, ctx) => {
  const token = await verifyToken(
    ctx.verifier,
    call.url.searchParams.get('token') ?? '',
    `${call.bucket}/${call.path}`,
    'download',
  );
  const row = await asOwner(ctx, (sql) => objects.find(sql, call.bucket, call.path));
  if (!row) throw errors.noSuchKey();
  return render(ctx, call, row, transformFromString(token.transformations ?? ''), token.exp);
};
