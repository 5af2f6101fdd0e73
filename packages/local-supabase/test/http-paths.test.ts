/**
 * Paths as an attacker sends them, byte for byte (fetch and supabase-js resolve `..` and `%2e%2e` before sending,
 * so these go out over a raw socket): a request is answered by the API its path names, never by another one its
 * dot segments would resolve to; every answer, errors included, tells browsers not to sniff its type.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

let b: TestBackend;
beforeAll(async () => {
  b = await startTestBackend();
});
afterAll(async () => {
  await b?.stop();
});

function raw(
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(b.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        headers: { apikey: b.anonKey, authorization: `Bearer ${b.anonKey}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('dot segments never move a request into another API', () => {
  it.each([
    '/functions/v1/%2e%2e/%2e%2e/rest/v1/articles',
    '/functions/v1/%2E%2e/%2e%2E/rest/v1/articles',
    '/functions/v1/../../rest/v1/articles',
    '/functions/v1/health/%2e%2e/%2e%2e/%2e%2e/rest/v1/articles',
  ])('%s is a function path: not found, no table rows', async (path) => {
    const res = await raw(path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it.each([
    '/storage/v1/object/public/%2e%2e/%2e%2e/%2e%2e/rest/v1/articles',
    '/storage/v1/object/public/article-images/%2e%2e/%2e%2e/%2e%2e/%2e%2e/rest/v1/articles',
  ])('%s stays in Storage', async (path) => {
    const res = await raw(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain('"author_id"');
    expect(JSON.parse(res.body)).toHaveProperty('statusCode');
  });
});

describe('X-Content-Type-Options: nosniff on every answer', () => {
  it.each([
    ['a public object', '/storage/v1/object/public/article-images/seed/cloud-migration.png', 200],
    ['a missing public object', '/storage/v1/object/public/article-images/no-such-file.png', 400],
    ['a missing bucket', '/storage/v1/object/public/no-such-bucket/x.png', 400],
    ['an unknown Storage route', '/storage/v1/nothing-here', 404],
    ['a REST error', '/rest/v1/no_such_table', 404],
    ['an unknown function', '/functions/v1/no-such-function', 404],
    ['no route at all', '/nothing-here', 404],
  ])('%s', async (_what, path, status) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await raw(path, method);
      expect(res.status).toBe(status);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
