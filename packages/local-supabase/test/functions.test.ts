import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, startTestBackend, type TestBackend } from './helpers.ts';

const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rest-project');
let b: TestBackend;

beforeAll(async () => {
  b = await startTestBackend({ projectDir });
});
afterAll(async () => {
  await b?.stop();
});

describe('/functions/v1 runs supabase/functions/<name>/index.ts', () => {
  it('runs on the engine BACKEND_ENGINE asks for', () => {
    expect(b.db.engine).toBe(process.env.BACKEND_ENGINE === 'postgres' ? 'postgres' : 'pglite');
  });

  it('a Deno.serve handler gets the request and Deno.env (through supabase-js functions.invoke)', async () => {
    const client = createTestClient(b.url, b.anonKey);
    const { data, error } = await client.functions.invoke('echo', { body: { hello: 'Thurso' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      path: '/functions/v1/echo',
      body: { hello: 'Thurso' },
      authorization: true,
      supabaseUrl: b.url,
      hasAnonKey: true,
    });
  });

  it('a backend started again in the same process (a restart) still runs the functions the first one ran', async () => {
    const client = createTestClient(b.url, b.anonKey);
    expect((await client.functions.invoke('echo', { body: {} })).error).toBeNull();
    const again = await startTestBackend({ projectDir });
    try {
      const res = await fetch(`${again.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${again.anonKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ path: '/functions/v1/echo', supabaseUrl: again.url });
    } finally {
      await again.stop();
    }
  });

  it('a default-exported handler works too, and a throwing handler is a 500', async () => {
    const ok = await fetch(`${b.url}/functions/v1/default-export?name=Wick`, {
      headers: { authorization: `Bearer ${b.anonKey}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello Wick');
    const boom = await fetch(`${b.url}/functions/v1/default-export`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${b.anonKey}` },
    });
    expect(boom.status).toBe(500);
  });

  it('a streamed body reaches the client as it is written (text/event-stream, as hosted Edge Functions stream)', async () => {
    const res = await fetch(`${b.url}/functions/v1/stream`, {
      headers: { authorization: `Bearer ${b.anonKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // The function writes 'b' 300 ms after 'a': a buffered answer would arrive as one chunk 'ab'.
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('a');
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value);
    expect(rest).toBe('b');
  });

  it('unknown functions are 404 and a bad JWT is 401', async () => {
    const missing = await fetch(`${b.url}/functions/v1/nope`, {
      headers: { authorization: `Bearer ${b.anonKey}` },
    });
    expect(missing.status).toBe(404);
    const traversal = await fetch(`${b.url}/functions/v1/..%2Fecho`, {
      headers: { authorization: `Bearer ${b.anonKey}` },
    });
    expect(traversal.status).toBe(404);
    const bad = await fetch(`${b.url}/functions/v1/echo`, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
  });
});
