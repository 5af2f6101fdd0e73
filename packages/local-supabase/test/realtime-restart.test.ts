/**
 * The client's reconnect after the backend restarts: supabase-js reconnects its socket on its own back-off,
 * rejoins the channel, and changes committed after the restart reach it again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl, startTestBackend, type TestBackend } from './helpers.ts';
import { realtimeClient, subscribed, testRealtime, waitFor } from './realtime-helpers.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'realtime-restart-'));
let backend: TestBackend | null = null;

afterAll(async () => {
  await backend?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Two backend starts and the client's own back-off (1 s, 2 s, 5 s, 10 s…): longer than the suite's default.
it('reconnects, rejoins and receives changes after the backend restarts', { timeout: 150_000 }, async () => {
  const databaseUrl = await freshDatabaseUrl();
  const start = (port: number) => startTestBackend({ port, dataDir, databaseUrl, realtime: testRealtime() });
  backend = await start(0);
  const port = backend.config.port;
  await backend.db.exec(`create table public.rt_restart (id int primary key, label text);
    alter publication supabase_realtime add table public.rt_restart;`);

  const client = realtimeClient(backend, undefined, { key: backend.serviceRoleKey });
  const labels: string[] = [];
  const system: string[] = [];
  const channel = client
    .channel('restart')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_restart' }, (p) =>
      labels.push(String(p.new.label)),
    )
    .on('system', {}, (p: { message: string }) => system.push(p.message));
  await subscribed(channel);
  await backend.db.query(`insert into public.rt_restart values (1, 'before')`);
  await waitFor(() => labels.includes('before'), 'the change before the restart');

  await backend.stop();
  await waitFor(() => !client.realtime.isConnected(), 'the client noticing the socket is gone');
  backend = await start(port);
  // realtime-js retries after 1 s, 2 s, 5 s…, then rejoins its errored channels by itself.
  await waitFor(
    () => system.filter((m) => m === 'Subscribed to PostgreSQL').length >= 2,
    'the rejoin',
    60_000,
  );
  expect(channel.state).toBe('joined');
  await backend.db.query(`insert into public.rt_restart values (2, 'after')`);
  await waitFor(() => labels.includes('after'), 'the change after the restart');
  expect(labels).toEqual(['before', 'after']);
  await client.removeAllChannels();
});
