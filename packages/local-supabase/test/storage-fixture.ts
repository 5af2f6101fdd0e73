/** The set-up the Storage test files share: a backend of their own, two users, the service role's client. */
import { existsSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeUser, serviceClient, startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

export interface StorageFixture {
  b: TestBackend;
  user: TestUser;
  other: TestUser;
  service: SupabaseClient;
}

/** Starts the backend before the file's tests and stops it after; the fields are set once they run. */
export function storageFixture(): StorageFixture {
  const f = {} as StorageFixture;
  beforeAll(async () => {
    f.b = await startTestBackend();
    f.user = await makeUser(f.b);
    f.other = await makeUser(f.b);
    f.service = serviceClient(f.b);
  });
  afterAll(async () => {
    await f.b?.stop();
  });
  return f;
}

export const uniqueName = (tag: string): string => `${tag}-${randomUUID().slice(0, 8)}`;

/** The object files of a bucket on disk. */
export function filesOf(b: TestBackend, bucket: string): string[] {
  const dir = path.join(b.dataDir, 'storage', bucket);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** A bucket of the service role's own (public unless told), accepting any type unless told. */
export async function serviceBucket(
  f: StorageFixture,
  options: { public?: boolean; fileSizeLimit?: string | number; allowedMimeTypes?: string[] } = {},
): Promise<string> {
  const name = uniqueName('b');
  const { error } = await f.service.storage.createBucket(name, {
    public: options.public ?? true,
    ...options,
  });
  expect(error).toBeNull();
  return name;
}
