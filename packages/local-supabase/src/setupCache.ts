/**
 * A new PGlite database already set up: platform SQL, the project's migrations, its seed and seeded bucket objects
 * applied once and kept in a cache directory, keyed by everything that goes into them. A backend started on a new
 * data directory copies it instead of running all of that again (most of a start-up once the cluster exists).
 * Opt-in (`setupCache`): test harnesses start hundreds of backends on the same project; a developer's database is
 * made once anyway.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackendConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { setupDatabase } from './platform.ts';
import { applyConfigBuckets, bucketSeedPaths, seedBucketObjects } from './storage/seed.ts';

/** Where the test harnesses keep theirs: one per machine, in the system temp directory. */
export const testSetupCache = path.join(tmpdir(), 'local-supabase-setup-cache');

/**
 * Entries kept besides the one in use, the most recently used first (older ones belong to earlier migrations or
 * versions of this package, or to projects not started for a while).
 */
const KEEP = 6;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
}

/** A digest of what a new database's set-up depends on: the engine, this package's SQL and the project's files. */
export function setupKey(config: Pick<BackendConfig, 'projectDir' | 'seed'>): string {
  const hash = createHash('sha256');
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(readFileSync(path.join(pglite, '..', 'package.json')));
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sources = [
    ...filesUnder(path.join(here, 'platform')),
    path.join(here, 'platform.ts'),
    path.join(here, 'storage', 'seed.ts'),
  ];
  const project = [path.join(config.projectDir, 'migrations'), path.join(config.projectDir, 'config.toml')];
  if (config.seed) project.push(path.join(config.projectDir, 'seed.sql'));
  for (const file of [
    ...sources,
    ...project.flatMap((p) => (existsSync(p) && statSync(p).isDirectory() ? filesUnder(p) : [p])),
  ]) {
    hash.update(`${path.relative(config.projectDir, file)}\0`);
    if (existsSync(file)) hash.update(readFileSync(file));
    hash.update('\0');
  }
  // The seeded bucket objects' bytes count too.
  if (config.seed)
    for (const { objectsPath } of bucketSeedPaths(config.projectDir))
      for (const file of filesUnder(path.resolve(config.projectDir, objectsPath))) {
        hash.update(`${path.relative(config.projectDir, file)}\0`);
        hash.update(readFileSync(file));
      }
  return `${config.seed ? 'seeded' : 'bare'}-${hash.digest('hex').slice(0, 24)}`;
}

/**
 * Fills `config.dataDir` (which has no database yet) from the cache, building the cache entry first when it is
 * missing. Built aside and renamed into place, so backends starting at once never see half of one.
 */
export async function restoreSetUpDatabase(
  config: BackendConfig,
  cacheDir: string,
  retried = false,
): Promise<void> {
  const key = setupKey(config);
  const entry = path.join(cacheDir, key);
  if (!existsSync(path.join(entry, 'pgdata', 'PG_VERSION'))) {
    mkdirSync(cacheDir, { recursive: true });
    const building = path.join(cacheDir, `.building-${randomUUID()}`);
    try {
      const aside = { ...config, dataDir: building };
      const db = await openDatabase(aside);
      try {
        const report = await setupDatabase(db, config.projectDir, config.seed);
        if (report.fresh) await applyConfigBuckets(db, aside);
        if (report.seeded) await seedBucketObjects(db, aside);
        await db.exec('analyze');
      } finally {
        await db.close();
      }
      try {
        renameSync(building, entry);
      } catch {
        // Another backend put one there first.
      }
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
    prune(cacheDir, key);
  }
  let copied: string[] = [];
  try {
    // Marked as used, so that pruning (which removes the least recently used) leaves the entries in use alone.
    const now = new Date();
    utimesSync(entry, now, now);
    copied = readdirSync(entry);
    cpSync(entry, config.dataDir, { recursive: true });
  } catch (err) {
    // Another process pruned the entry while it was being copied: build it again, once.
    if (retried || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    for (const name of copied) rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
    await restoreSetUpDatabase(config, cacheDir, true);
  }
}

function prune(cacheDir: string, keep: string): void {
  const entries = readdirSync(cacheDir)
    .filter((name) => name !== keep && !name.startsWith('.'))
    .map((name) => ({ name, at: statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of entries.slice(KEEP))
    rmSync(path.join(cacheDir, old.name), { recursive: true, force: true });
}
