import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Object bytes on disk: one file per object version under `<root>/<bucket>/<hash of name>/<version>`.
 * Hashing the name keeps every user-supplied path out of the file system. Writes are atomic:
 * temp file, fsync, rename, fsync of the directory.
 */
export class FileStore {
  constructor(private root: string) {}

  private dir(bucket: string, name: string): string {
    const h = createHash('sha256').update(name).digest('hex');
    return path.join(this.root, createHash('sha256').update(bucket).digest('hex').slice(0, 16), h.slice(0, 2), h);
  }

  file(bucket: string, name: string, version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error('bad version');
    return path.join(this.dir(bucket, name), version);
  }

  async write(bucket: string, name: string, bytes: Uint8Array): Promise<string> {
    const version = randomUUID();
    const dir = this.dir(bucket, name);
    await mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${version}.tmp`);
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path.join(dir, version));
    const dh = await open(dir, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
    return version;
  }

  read(bucket: string, name: string, version: string): Promise<Buffer> {
    return readFile(this.file(bucket, name, version));
  }

  async remove(bucket: string, name: string, version: string | null): Promise<void> {
    if (!version) return;
    await unlink(this.file(bucket, name, version)).catch(() => undefined);
  }

  async removeAll(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
