/**
 * Functions and REST get the client's address as hosted Supabase's gateway hands it on: X-Real-IP and
 * X-Forwarded-For set by the backend from the socket's peer, or from X-Forwarded-For only when that peer is a
 * trusted proxy; whatever a caller sends under those names itself never arrives unchanged.
 */
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rest-project');

interface Seen {
  realIp: string | null;
  forwardedFor: string | null;
}

/** A GET from the loopback address `from` (a second client is a second address on 127.0.0.0/8). */
function seenFrom(
  b: TestBackend,
  from: string,
  route: string,
  headers: Record<string, string> = {},
): Promise<Seen> {
  const url = new URL(route, b.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        localAddress: from,
        headers: { apikey: b.anonKey, authorization: `Bearer ${b.anonKey}`, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${route}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text) as Seen);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const FUNCTION = '/functions/v1/client-address';
const REST = '/rest/v1/rpc/request_client';
const forged = { 'x-forwarded-for': '203.0.113.7, 198.51.100.8', 'x-real-ip': '192.0.2.44' };

describe('without trusted proxies: the socket peer is the client', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ projectDir });
  });
  afterAll(async () => {
    await b?.stop();
  });

  it.each([FUNCTION, REST])(
    '%s sees each client’s own address, not the forwarding headers it sent',
    async (route) => {
      expect(await seenFrom(b, '127.0.0.2', route, forged)).toEqual({
        realIp: '127.0.0.2',
        forwardedFor: '127.0.0.2',
      });
      expect(await seenFrom(b, '127.0.0.3', route, forged)).toEqual({
        realIp: '127.0.0.3',
        forwardedFor: '127.0.0.3',
      });
      expect(await seenFrom(b, '127.0.0.3', route)).toEqual({
        realIp: '127.0.0.3',
        forwardedFor: '127.0.0.3',
      });
    },
  );
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.2)', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ projectDir, trustedProxies: ['127.0.0.2'] });
  });
  afterAll(async () => {
    await b?.stop();
  });

  it.each([FUNCTION, REST])(
    '%s sees the client the proxy names, and only the proxy may name one',
    async (route) => {
      // The proxy appends the address it saw; entries to its left are the client's own claims.
      const viaProxy = await seenFrom(b, '127.0.0.2', route, {
        'x-forwarded-for': '203.0.113.7, 198.51.100.20',
      });
      expect(viaProxy).toEqual({ realIp: '198.51.100.20', forwardedFor: '198.51.100.20' });
      // Another peer is not trusted: its header is replaced by its own address.
      expect(await seenFrom(b, '127.0.0.3', route, forged)).toEqual({
        realIp: '127.0.0.3',
        forwardedFor: '127.0.0.3',
      });
    },
  );
});
