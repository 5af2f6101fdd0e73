/**
 * Every Storage route once: method, path under /storage/v1, who may call it, handler — as supabase/storage
 * registers them (src/http/routes/{bucket,object,render}). More specific paths come first: a literal segment wins
 * over a parameter, as in Storage's router. GET routes answer HEAD too unless a HEAD route of their own exists.
 */
import type { Access, Handler } from './context.ts';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './handlers/buckets.ts';
import { listObjects, listObjectsV2 } from './handlers/list.ts';
import {
  copyObject,
  createObject,
  deleteObject,
  deleteObjects,
  getObject,
  getPublicObject,
  headObject,
  moveObject,
  objectInfo,
  updateObject,
} from './handlers/objects.ts';
import { renderAuthenticatedImage, renderPublicImage, renderSignedImage } from './handlers/render.ts';
import { getSignedObject, signUploadUrl, signUrl, signUrls, uploadToSignedUrl } from './handlers/signed.ts';

export interface Route {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** Segments: literals, `:bucket`, and a final `*` (the object name: one or more segments). */
  path: string;
  access: Access;
  handler: Handler;
}

export const routes: Route[] = [
  { method: 'GET', path: '/bucket', access: 'jwt', handler: listBuckets },
  { method: 'POST', path: '/bucket', access: 'jwt', handler: createBucket },
  { method: 'POST', path: '/bucket/:bucket/empty', access: 'service_role', handler: emptyBucket },
  { method: 'GET', path: '/bucket/:bucket', access: 'jwt', handler: getBucket },
  { method: 'PUT', path: '/bucket/:bucket', access: 'jwt', handler: updateBucket },
  { method: 'DELETE', path: '/bucket/:bucket', access: 'jwt', handler: deleteBucket },

  { method: 'POST', path: '/object/move', access: 'jwt', handler: moveObject },
  { method: 'POST', path: '/object/copy', access: 'jwt', handler: copyObject },
  { method: 'POST', path: '/object/list/:bucket', access: 'jwt', handler: listObjects },
  { method: 'POST', path: '/object/list-v2/:bucket', access: 'jwt', handler: listObjectsV2 },
  { method: 'POST', path: '/object/upload/sign/:bucket/*', access: 'jwt', handler: signUploadUrl },
  { method: 'PUT', path: '/object/upload/sign/:bucket/*', access: 'public', handler: uploadToSignedUrl },
  { method: 'POST', path: '/object/sign/:bucket/*', access: 'jwt', handler: signUrl },
  { method: 'POST', path: '/object/sign/:bucket', access: 'jwt', handler: signUrls },
  { method: 'GET', path: '/object/sign/:bucket/*', access: 'public', handler: getSignedObject },
  { method: 'GET', path: '/object/public/:bucket/*', access: 'public', handler: getPublicObject },
  { method: 'HEAD', path: '/object/public/:bucket/*', access: 'public', handler: headObject(true) },
  { method: 'GET', path: '/object/info/public/:bucket/*', access: 'public', handler: objectInfo(true) },
  { method: 'GET', path: '/object/info/authenticated/:bucket/*', access: 'jwt', handler: objectInfo(false) },
  { method: 'GET', path: '/object/info/:bucket/*', access: 'jwt', handler: objectInfo(false) },
  { method: 'GET', path: '/object/authenticated/:bucket/*', access: 'optional', handler: getObject },
  { method: 'HEAD', path: '/object/authenticated/:bucket/*', access: 'jwt', handler: headObject(false) },
  { method: 'DELETE', path: '/object/:bucket', access: 'jwt', handler: deleteObjects },
  { method: 'GET', path: '/object/:bucket/*', access: 'optional', handler: getObject },
  { method: 'HEAD', path: '/object/:bucket/*', access: 'jwt', handler: headObject(false) },
  { method: 'POST', path: '/object/:bucket/*', access: 'jwt', handler: createObject },
  { method: 'PUT', path: '/object/:bucket/*', access: 'jwt', handler: updateObject },
  { method: 'DELETE', path: '/object/:bucket/*', access: 'jwt', handler: deleteObject },

  { method: 'GET', path: '/render/image/public/:bucket/*', access: 'public', handler: renderPublicImage },
  {
    method: 'GET',
    path: '/render/image/authenticated/:bucket/*',
    access: 'jwt',
    handler: renderAuthenticatedImage,
  },
  { method: 'GET', path: '/render/image/sign/:bucket/*', access: 'public', handler: renderSignedImage },
];

export interface Match {
  route: Route;
  bucket: string;
  path: string;
}

const compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));

/**
 * The route for a method and decoded path segments (below /storage/v1). `*` takes the rest (at least one segment,
 * which may be empty: Storage then refuses the empty name). HEAD falls back to the GET route.
 */
export function matchRoute(method: string, segments: string[]): Match | null {
  const find = (m: string): Match | null => {
    for (const { route, segments: pattern } of compiled) {
      if (route.method !== m) continue;
      const params = { bucket: '', path: '' };
      let ok = true;
      for (let i = 0; i < pattern.length && ok; i++) {
        const p = pattern[i]!;
        if (p === '*') {
          if (segments.length <= i) ok = false;
          else params.path = segments.slice(i).join('/');
          break;
        }
        const s = segments[i];
        if (s === undefined) ok = false;
        else if (p === ':bucket') params.bucket = s;
        else if (p !== s) ok = false;
        if (ok && i === pattern.length - 1 && segments.length !== pattern.length) ok = false;
      }
      if (ok) return { route, ...params };
    }
    return null;
  };
  return find(method) ?? (method === 'HEAD' ? find('GET') : null);
}
