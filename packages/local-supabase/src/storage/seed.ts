import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.ts';
import type { Database } from '../db.ts';
import { readProjectConfig } from '../project.ts';
import { FileStore } from './files.ts';
import { buckets, objects, type ObjectMetadata } from './store.ts';

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

/** A `[storage.buckets.<id>]` section of a Supabase CLI config.toml, as `supabase seed buckets` reads it. */
export interface ConfigBucket {
  id: string;
  /** Unset leaves an existing bucket's setting (and creates a private one). */
  public?: boolean;
  /** Bytes; 0 when unset. */
  fileSizeLimit: number;
  /** Empty when unset. */
  allowedMimeTypes: string[];
  objectsPath?: string;
}

/**
 * A size as the CLI reads `file_size_limit` (go-units' RAMInBytes): a number, then optionally k, m, g, t or p with an
 * optional i and b, all in powers of 1024 ("50MiB", "5MB" and "5m" are all 5 × 1024²).
 */
export function configSize(value: unknown): number {
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)*) ?([kmgtp])?i?b?$/i.exec(String(value ?? '0'));
  if (!m) throw new Error(`config.toml: ${JSON.stringify(value)} is not a size (as "50MiB")`);
  const power = m[2] ? 'kmgtp'.indexOf(m[2].toLowerCase()) + 1 : 0;
  return Math.floor(Number.parseFloat(m[1]!) * 1024 ** power);
}

/** The `[storage.buckets.<id>]` sections of the project's config.toml (none without one). */
export function configBuckets(projectDir: string): ConfigBucket[] {
  const storage = (readProjectConfig(projectDir).toml.storage ?? {}) as {
    buckets?: Record<string, Record<string, unknown>>;
  };
  return Object.entries(storage.buckets ?? {}).map(([id, b]) => ({
    id,
    ...(typeof b.public === 'boolean' ? { public: b.public } : {}),
    fileSizeLimit: configSize(b.file_size_limit),
    allowedMimeTypes: Array.isArray(b.allowed_mime_types) ? b.allowed_mime_types.map(String) : [],
    ...(typeof b.objects_path === 'string' ? { objectsPath: b.objects_path } : {}),
  }));
}

/** The `[storage.buckets.<id>] objects_path` entries of a Supabase CLI config.toml. */
export function bucketSeedPaths(projectDir: string): { bucket: string; objectsPath: string }[] {
  return configBuckets(projectDir).flatMap((b) =>
    b.objectsPath ? [{ bucket: b.id, objectsPath: b.objectsPath }] : [],
  );
}

/**
 * What `supabase start` (on a new database) and `supabase db reset` do after the migrations, with the seed or
 * without: each config.toml bucket is created when missing and otherwise given config.toml's settings, whatever a
 * migration set (`public`, a non-zero `file_size_limit` and non-empty `allowed_mime_types`; the CLI sends only
 * those, and Storage leaves what is not sent).
 */
export async function applyConfigBuckets(db: Database, config: BackendConfig): Promise<void> {
  for (const b of configBuckets(config.projectDir)) {
    const settings = {
      ...(b.public !== undefined ? { public: b.public } : {}),
      ...(b.fileSizeLimit > 0 ? { fileSizeLimit: b.fileSizeLimit } : {}),
      ...(b.allowedMimeTypes.length ? { allowedMimeTypes: b.allowedMimeTypes } : {}),
    };
    if (await buckets.find(db, b.id)) {
      if (Object.keys(settings).length) await buckets.update(db, b.id, settings);
    } else
      await buckets.create(db, {
        id: b.id,
        name: b.id,
        owner: null,
        ownerId: null,
        public: settings.public ?? false,
        fileSizeLimit: settings.fileSizeLimit ?? null,
        allowedMimeTypes: settings.allowedMimeTypes ?? null,
      });
  }
}

/**
 * Uploads each bucket's objects_path folder, as `supabase seed buckets` does; run once when the database
 * is created. Bytes go where the Storage handler keeps them (`<dataDir>/storage/<bucket>/<version>`).
 */
export async function seedBucketObjects(db: Database, config: BackendConfig): Promise<number> {
  const files = new FileStore(config.dataDir);
  let count = 0;
  for (const { bucket, objectsPath } of bucketSeedPaths(config.projectDir)) {
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
