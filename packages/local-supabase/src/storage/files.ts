import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { link, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from './limits.ts';

/**
 * The bytes of objects on disk: `<dataDir>/storage/<bucket>/<version>`, one immutable file per version (a new upload
 * is a new version; the row names the version it serves). Writes go through a temporary file that is fsynced and
 * renamed, and the directory is fsynced, so a version that exists is complete.
 */
/** Versions up to this size are kept in memory after their first read (most site images and files are smaller). */
const CACHED_FILE_BYTES = 256 * 1024;
/** The most bytes the cache holds; the least recently read versions leave first. */
const CACHE_BYTES = 32 * 1024 * 1024;

export class FileStore {
  readonly root: string;
  private readonly tmpDir: string;
  /**
   * Small versions already read, by `<bucket>/<version>`, least recently read first. A version's file never changes
   * (a new upload is a new version), so a cached copy is the file until `remove` drops both.
   */
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.tmpDir = path.join(this.root, '.tmp');
    mkdirSync(this.tmpDir, { recursive: true });
  }

  /** The file of a version; bucket ids that could leave the root (set directly in SQL) name no file. */
  pathOf(bucket: string, version: string): string {
    if (
      bucket === '' ||
      bucket === '.' ||
      bucket === '..' ||
      /[/\\\0]/.test(bucket) ||
      /[/\\\0]/.test(version) ||
      version === '' ||
      version.startsWith('.')
    )
      throw new Error(`no file for ${JSON.stringify(bucket)}/${JSON.stringify(version)}`);
    return path.join(this.root, bucket, version);
  }

  /** Writes bytes as a new version of the bucket and returns the version's name. */
  async write(bucket: string, bytes: Uint8Array): Promise<string> {
    const version = randomUUID();
    const target = this.pathOf(bucket, version);
    const dir = path.dirname(target);
    mkdirSync(dir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${version}.part`);
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, target);
    const dh = await open(dir, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
    return version;
  }

  /** The bytes of a version, or null when the file is not there. */
  async read(bucket: string, version: string): Promise<Buffer | null> {
    const key = `${bucket}/${version}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(this.pathOf(bucket, version));
    } catch {
      return null;
    }
    if (bytes.length <= CACHED_FILE_BYTES && !this.cache.has(key)) {
      this.cache.set(key, bytes);
      this.cachedBytes += bytes.length;
      for (const [k, b] of this.cache) {
        if (this.cachedBytes <= CACHE_BYTES) break;
        this.cache.delete(k);
        this.cachedBytes -= b.length;
      }
    }
    return bytes;
  }

  private forget(bucket: string, version: string): void {
    const key = `${bucket}/${version}`;
    const cached = this.cache.get(key);
    if (!cached) return;
    this.cache.delete(key);
    this.cachedBytes -= cached.length;
  }

  async size(bucket: string, version: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(bucket, version))).size;
    } catch {
      return null;
    }
  }

  /** Removes a version; a missing file is not an error (removal runs after the row is gone). */
  async remove(bucket: string, version: string | null | undefined): Promise<void> {
    if (!version) return;
    this.forget(bucket, version);
    try {
      await unlink(this.pathOf(bucket, version));
    } catch {
      // already gone
    }
  }

  /** Gives a version of one bucket a second name in another (a move across buckets; the old name goes after commit). */
  async link(fromBucket: string, toBucket: string, version: string): Promise<void> {
    const target = this.pathOf(toBucket, version);
    mkdirSync(path.dirname(target), { recursive: true });
    await link(this.pathOf(fromBucket, version), target);
  }

  /**
   * Removes what a crash can leave: temporaries (`.part`) and versions no row refers to (written before a row that
   * never committed, or replaced by one whose clean-up did not run). `known` holds every `<bucket>/<version>` in use.
   */
  async sweep(known: Set<string>): Promise<{ temporaries: number; orphans: number }> {
    const counts = { temporaries: 0, orphans: 0 };
    const remove = async (file: string, kind: keyof typeof counts) => {
      await unlink(file).then(
        () => counts[kind]++,
        () => undefined,
      );
    };
    for (const f of await readdir(this.tmpDir)) await remove(path.join(this.tmpDir, f), 'temporaries');
    for (const entry of await readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.tmp') continue;
      for (const f of await readdir(path.join(this.root, entry.name))) {
        const file = path.join(this.root, entry.name, f);
        if (f.endsWith('.part')) await remove(file, 'temporaries');
        else if (isUuid(f) && !known.has(`${entry.name}/${f}`)) {
          this.forget(entry.name, f);
          await remove(file, 'orphans');
        }
      }
    }
    return counts;
  }
}
