/**
 * Supabase Storage's /storage/v1 API (supabase/storage): buckets, objects, signed URLs, image transformations.
 * Rows live in `storage.buckets` / `storage.objects` under RLS; bytes in `<dataDir>/storage` (files.ts).
 */
import type { BackendConfig } from '../config.ts';
import type { Database } from '../db.ts';
import { requestToken, verifierFor } from '../http.ts';
import { JwtError, type Claims } from '../jwt.ts';
import type { Call, StorageContext } from './context.ts';
import { errors, StorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { ImageRenderer } from './image.ts';
import { matchRoute, type Route } from './routes.ts';
import { objects } from './store.ts';

export { STORAGE_MAX_BODY, parseFileSize } from './limits.ts';
export { FileStore } from './files.ts';

const ANON: Claims = { role: 'anon' };

/** The caller of a route: its verified claims, or Storage's refusal (AccessDenied with jose's reason). */
async function authenticate(
  ctx: StorageContext,
  req: Request,
  route: Route,
): Promise<{ claims: Claims; authenticated: boolean }> {
  if (route.access === 'public') return { claims: ANON, authenticated: false };
  const token = requestToken(req) ?? '';
  let claims: Claims;
  try {
    if (!token) throw new JwtError('invalid', 'Invalid Compact JWS');
    claims = await ctx.verifier.verify(token);
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    if (route.access === 'optional') return { claims: ANON, authenticated: false };
    throw errors.accessDenied(err.reason === 'expired' ? '"exp" claim timestamp check failed' : err.message);
  }
  if (route.access === 'service_role' && claims.role !== 'service_role')
    throw errors.accessDenied('Access denied: Invalid role', 403);
  return { claims, authenticated: true };
}

export function createStorage({
  db,
  config,
}: {
  db: Database;
  config: BackendConfig;
}): (req: Request) => Promise<Response> {
  const ctx: StorageContext = {
    db,
    config,
    files: new FileStore(config.dataDir),
    verifier: verifierFor(config),
    images: new ImageRenderer(),
  };

  // What a crash left on disk goes before the first request is served (a request waits for it).
  const ready = objects
    .allVersions(db)
    .then((known) => ctx.files.sweep(known))
    .then(
      (c) => {
        if (c.temporaries || c.orphans)
          console.warn(
            `[storage] removed ${c.temporaries} temporary and ${c.orphans} orphaned object file(s) left by an earlier run`,
          );
      },
      (err: unknown) => console.error('[storage] start-up clean-up failed', err),
    );

  return async function handle(req: Request): Promise<Response> {
    await ready;
    try {
      const url = new URL(req.url);
      const raw = url.pathname
        .replace(/^\/storage\/v1/, '')
        .split('/')
        .slice(1);
      let segments: string[];
      try {
        segments = raw.map((s) => decodeURIComponent(s));
      } catch {
        throw errors.invalidKey(url.pathname);
      }
      const method = req.method.toUpperCase();
      const match =
        matchRoute(method, segments) ??
        (segments.at(-1) === '' ? matchRoute(method, segments.slice(0, -1)) : null);
      if (!match) throw errors.routeNotFound(method, url.pathname);
      const caller = await authenticate(ctx, req, match.route);
      const call: Call = { req, url, bucket: match.bucket, path: match.path, ...caller };
      return await match.route.handler(call, ctx);
    } catch (err) {
      if (err instanceof StorageError) return err.response();
      console.error('[storage]', err);
      return errors.internal().response();
    }
  };
}
