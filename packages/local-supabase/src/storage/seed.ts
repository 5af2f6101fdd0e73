import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.ts';
import type { Database } from '../db.ts';
import { FileStore } from './files.ts';
import { objects, type ObjectMetadata } from './store.ts';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  json: 'application/json',
  pdf: 'application/pdf',
};

/** The `[storage.buckets.<id>] objects_path` entries of a Supabase CLI config.toml. */
export function bucketSeedPaths(toml: string): { bucket: string; objectsPath: string }[] {
  const out: { bucket: string; objectsPath: string }[] = [];
  let bucket: string | null = null;
  for (const line of toml.split('\n')) {
    const section = /^\s*\[storage\.buckets\.([^\]]+)\]\s*$/.exec(line);
    if (section) {
      bucket = section[1]!.replace(/^"|"$/g, '');
      continue;
    }
    if (/^\s*\[/.test(line)) bucket = null;
    const op = /^\s*objects_path\s*=\s*"([^"]+)"/.exec(line);
    if (bucket && op) out.push({ bucket, objectsPath: op[1]! });
  }
  return out;
}

/**
 * Uploads each bucket's objects_path folder, as `supabase seed buckets` does; run once when the database
 * is created. Bytes go where the Storage handler keeps them (`<dataDir>/storage/<bucket>/<version>`).
 */
export async function seedBucketObjects(db: Database, config: BackendConfig): Promise<number> {
  const tomlPath = path.join(config.projectDir, 'config.toml');
  if (!existsSync(tomlPath)) return 0;
  const files = new FileStore(config.dataDir);
  let count = 0;
  for (const { bucket, objectsPath } of bucketSeedPaths(readFileSync(tomlPath, 'utf8'))) {
    const root = path.resolve(config.projectDir, objectsPath);
    if (!existsSync(root)) continue;
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)],
      );
    for (const file of walk(root)) {
      const name = path.relative(root, file).split(path.sep).join('/');
      const bytes = readFileSync(file);
      const version = await files.write(bucket, bytes);
      const metadata: ObjectMetadata = {
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        size: bytes.length,
        mimetype: TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: 'max-age=3600',
        lastModified: new Date().toUTCString(),
        contentLength: bytes.length,
        httpStatusCode: 200,
      };
      await objects.write(
        db,
        { bucketId: bucket, name, owner: null, ownerId: null, metadata, userMetadata: {}, version },
        true,
      );
      count++;
    }
  }
  return count;
}
