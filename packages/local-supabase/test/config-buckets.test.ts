// config.toml's `[storage.buckets.<id>]` sections, as the Supabase CLI applies them when it sets up a database
// (`supabase start` on a new one, `supabase db reset`): after the migrations, a bucket that exists is given
// config.toml's settings — `public` too, so a config.toml that still calls a bucket public undoes a migration that
// made it private — and a missing one is created; each `objects_path` folder is uploaded.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSize } from '../src/storage/seed.ts';
import { serviceClient, startTestBackend, type TestBackend } from './helpers.ts';

const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'buckets-project');
let b: TestBackend;

beforeAll(async () => {
  b = await startTestBackend({ projectDir });
});
afterAll(async () => {
  await b?.stop();
});

describe("config.toml's buckets on a new database", () => {
  it("an existing bucket takes config.toml's public and size, and keeps the types config.toml does not set", async () => {
    const { data, error } = await serviceClient(b).storage.getBucket('reports');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      public: true,
      file_size_limit: 2 * 1024 * 1024,
      allowed_mime_types: ['application/pdf'],
    });
    // Public now: served without a key.
    await serviceClient(b).storage.from('reports').upload('a.pdf', Buffer.from('%PDF-1.4'), {
      contentType: 'application/pdf',
    });
    expect((await fetch(`${b.url}/storage/v1/object/public/reports/a.pdf`)).status).toBe(200);
  });

  it('a bucket only config.toml names is created private with its types, and its objects_path uploaded', async () => {
    const { data } = await serviceClient(b).storage.getBucket('notices');
    expect(data).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: ['text/plain'] });
    const file = await serviceClient(b).storage.from('notices').download('board/ferry.txt');
    expect(await file.data?.text()).toBe('Ferry times change on Monday.\n');
    expect((await fetch(`${b.url}/storage/v1/object/public/notices/board/ferry.txt`)).status).toBe(400);
  });
});

describe('sizes as the CLI reads them (powers of 1024)', () => {
  it.each([
    ['50MiB', 50 * 1024 ** 2],
    ['5MB', 5 * 1024 ** 2],
    ['2m', 2 * 1024 ** 2],
    ['1.5KiB', 1536],
    ['300', 300],
    [1000, 1000],
    [undefined, 0],
  ])('%s is %d bytes', (text, bytes) => {
    expect(configSize(text)).toBe(bytes);
  });

  it('refuses what is not a size', () => {
    expect(() => configSize('lots')).toThrow(/not a size/);
  });
});
