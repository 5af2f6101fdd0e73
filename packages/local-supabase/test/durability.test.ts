/**
 * Durability: a backend process killed with SIGKILL in the middle of a stream of writes restarts with every
 * acknowledged row and object intact (and no object row without its complete bytes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { keysFor, DEMO_JWT_SECRET } from '../src/config.ts';
import { freshDatabaseUrl } from './helpers.ts';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { serviceRoleKey } = keysFor(DEMO_JWT_SECRET);
const dataDir = mkdtempSync(path.join(tmpdir(), 'local-supabase-durability-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startChild(databaseUrl: string | undefined): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(pkgDir, 'src/cli.ts')], {
    cwd: pkgDir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`backend did not start:\n${out}\n${err}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API URL: (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`backend exited (${code}):\n${out}\n${err}`)));
  });
}

const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };
const bytesFor = (i: number): Uint8Array => new Uint8Array(2048 + i).map((_, k) => (k * 31 + i) & 0xff);

async function writeRow(url: string, i: number): Promise<boolean> {
  const res = await fetch(`${url}/rest/v1/contact_messages`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ name: `durable ${i}`, email: 'd@example.test', message: `message ${i}` }),
  });
  return res.status === 201;
}

async function writeObject(url: string, i: number): Promise<boolean> {
  const res = await fetch(`${url}/storage/v1/object/article-images/durability/${i}.png`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/png' },
    body: bytesFor(i) as unknown as BodyInit,
  });
  return res.status === 200;
}

it('SIGKILL during a write stream loses no acknowledged row or object', async () => {
  const databaseUrl = await freshDatabaseUrl();
  const first = await startChild(databaseUrl);
  const rows = new Set<number>();
  const objects = new Set<number>();
  // A sequential stream first, then a burst in flight when the kill lands.
  for (let i = 0; i < 30; i++) {
    if (await writeRow(first.url, i)) rows.add(i);
    if (await writeObject(first.url, i)) objects.add(i);
  }
  expect(rows.size).toBe(30);
  expect(objects.size).toBe(30);
  const inflight: Promise<void>[] = [];
  for (let i = 30; i < 90; i++) {
    inflight.push(
      writeRow(first.url, i).then(
        (ok) => void (ok && rows.add(i)),
        () => undefined,
      ),
    );
    inflight.push(
      writeObject(first.url, i).then(
        (ok) => void (ok && objects.add(i)),
        () => undefined,
      ),
    );
    if (i === 60) {
      await new Promise((r) => setTimeout(r, 15));
      first.child.kill('SIGKILL');
    }
  }
  await Promise.all(inflight);
  await new Promise<void>((r) =>
    first.child.exitCode !== null || first.child.signalCode !== null
      ? r()
      : first.child.once('exit', () => r()),
  );
  expect(first.child.signalCode).toBe('SIGKILL');

  const second = await startChild(databaseUrl);
  try {
    const res = await fetch(`${second.url}/rest/v1/contact_messages?select=name&name=like.durable*`, {
      headers,
    });
    const names = new Set(((await res.json()) as { name: string }[]).map((r) => r.name));
    for (const i of rows) expect(names.has(`durable ${i}`), `row ${i}`).toBe(true);
    const list = await fetch(`${second.url}/storage/v1/object/list/article-images`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'durability', limit: 1000 }),
    });
    const listed = ((await list.json()) as { name: string }[]).map((o) => Number(o.name.replace('.png', '')));
    for (const i of objects) expect(listed, `object ${i}`).toContain(i);
    // Every object row that survived (acknowledged or not) has its complete bytes.
    for (const i of listed) {
      const got = await fetch(`${second.url}/storage/v1/object/public/article-images/durability/${i}.png`);
      expect(got.status, `object ${i}`).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytesFor(i))), `bytes of ${i}`).toBe(
        true,
      );
    }
    // Still writable after recovery.
    expect(await writeRow(second.url, 1000)).toBe(true);
  } finally {
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }
}, 240_000);
