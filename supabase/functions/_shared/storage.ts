// Storage as the service role, for functions that manage files no visitor may touch (E-Board images).
import { env } from './http.ts';

const headers = (extra: Record<string, string> = {}) => ({
  apikey: env('SUPABASE_SERVICE_ROLE_KEY'),
  Authorization: `Bearer ${env('SUPABASE_SERVICE_ROLE_KEY')}`,
  ...extra,
});
const objectUrl = (bucket: string, name: string) =>
  `${env('SUPABASE_URL')}/storage/v1/object/${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`;

/** A stored object's type and size, or null when there is none (the bucket's privacy does not matter here). */
export async function objectInfo(
  bucket: string,
  name: string,
): Promise<{ type: string; size: number } | null> {
  const res = await fetch(objectUrl(bucket, name), { method: 'HEAD', headers: headers() });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`storage HEAD ${bucket}/${name}: ${res.status}`);
  return {
    type: (res.headers.get('content-type') ?? '').split(';')[0]!.trim(),
    size: Number(res.headers.get('content-length') ?? '0'),
  };
}

/** Copies an object into another bucket (download and upload: works across buckets of any privacy). */
export async function copyObject(
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<boolean> {
  const got = await fetch(objectUrl(from.bucket, from.name), { headers: headers() });
  if (!got.ok) {
    await got.body?.cancel();
    if (got.status === 404 || got.status === 400) return false;
    throw new Error(`storage GET ${from.bucket}/${from.name}: ${got.status}`);
  }
  const type = got.headers.get('content-type') ?? 'application/octet-stream';
  const put = await fetch(objectUrl(to.bucket, to.name), {
    method: 'POST',
    headers: headers({ 'Content-Type': type, 'x-upsert': 'true', 'cache-control': 'max-age=3600' }),
    body: await got.arrayBuffer(),
  });
  if (!put.ok) throw new Error(`storage POST ${to.bucket}/${to.name}: ${put.status} ${await put.text()}`);
  await put.body?.cancel();
  return true;
}

/** Removes objects from a bucket; names that are not there are no error. */
export async function removeObjects(bucket: string, names: string[]): Promise<void> {
  if (!names.length) return;
  const res = await fetch(`${env('SUPABASE_URL')}/storage/v1/object/${encodeURIComponent(bucket)}`, {
    method: 'DELETE',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ prefixes: names }),
  });
  if (!res.ok) throw new Error(`storage DELETE ${bucket}: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
}
