/**
 * Hosted Supabase's scheduling pieces where the engine has no such extensions (PGlite, PostgreSQL without them):
 * pg_cron's `cron` schema and the scheduler that runs its jobs, pg_net's `net.http_post`/`http_get` and the worker
 * that sends them, and the Vault with config.toml's `[db.vault]` secrets — together, a job that calls a function.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueAt, nextRun } from '../src/cron.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'scheduled-project');
let b: TestBackend;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  b = await startTestBackend({ projectDir });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('late'), 2000);
      res.writeHead(201, { 'content-type': 'text/plain', 'x-from': 'loopback' });
      res.end(`got ${req.method}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await b?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await b.db.query<T>(text, params)).rows;

/** Polls until `check` returns a value, for at most `ms`. */
async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('cron expressions (UTC, as pg_cron reads them)', () => {
  const at = (iso: string) => new Date(iso);

  it('finds the next run of five-field expressions, macros and second intervals', () => {
    expect(nextRun('*/5 * * * *', at('2026-11-28T10:07:30Z'))).toEqual(at('2026-11-28T10:10:00Z'));
    expect(nextRun('*/5 * * * *', at('2026-11-28T10:10:00Z'))).toEqual(at('2026-11-28T10:15:00Z'));
    // 09:00 on weekdays: after Saturday morning comes Monday.
    expect(nextRun('0 9 * * 1-5', at('2026-11-28T08:00:00Z'))).toEqual(at('2026-11-30T09:00:00Z'));
    expect(nextRun('30 2 1 * *', at('2026-11-28T00:00:00Z'))).toEqual(at('2026-12-01T02:30:00Z'));
    expect(nextRun('@daily', at('2026-11-28T23:59:00Z'))).toEqual(at('2026-11-29T00:00:00Z'));
    expect(nextRun('30 seconds', at('2026-11-28T10:00:00Z'))).toEqual(at('2026-11-28T10:00:30Z'));
    expect(nextRun('not a schedule', at('2026-11-28T10:00:00Z'))).toBeNull();
  });

  it('is due in the minutes its schedule names', () => {
    expect(dueAt('*/5 * * * *', at('2026-11-28T10:05:00Z'))).toBe(true);
    expect(dueAt('*/5 * * * *', at('2026-11-28T10:05:42Z'))).toBe(true);
    expect(dueAt('*/5 * * * *', at('2026-11-28T10:07:00Z'))).toBe(false);
    expect(dueAt('0 9 * * 1-5', at('2026-11-30T09:00:00Z'))).toBe(true);
    expect(dueAt('0 9 * * 1-5', at('2026-11-29T09:00:00Z'))).toBe(false);
  });
});

describe('cron schema', () => {
  it('replaces a job of the same name, unschedules by name or id, and refuses what it cannot read', async () => {
    const first = await sql<{ id: string }>(`select cron.schedule('tidy', '0 3 * * *', 'select 1') as id`);
    const again = await sql<{ id: string }>(`select cron.schedule('tidy', '*/10 * * * *', 'select 2') as id`);
    expect(again[0]!.id).toBe(first[0]!.id);
    expect(await sql(`select schedule, command, active from cron.job where jobname = 'tidy'`)).toEqual([
      { schedule: '*/10 * * * *', command: 'select 2', active: true },
    ]);
    const unnamed = await sql<{ id: string }>(`select cron.schedule('@hourly', 'select 3') as id`);
    expect(await sql(`select cron.unschedule($1::bigint) as ok`, [unnamed[0]!.id])).toEqual([{ ok: true }]);
    expect(await sql(`select cron.unschedule('tidy') as ok`)).toEqual([{ ok: true }]);
    expect(await sql(`select count(*)::int as n from cron.job where jobname = 'tidy'`)).toEqual([{ n: 0 }]);
    await expect(sql(`select cron.unschedule('tidy')`)).rejects.toThrow(
      /could not find valid entry for job 'tidy'/,
    );
    await expect(sql(`select cron.schedule('bad', 'every now and then', 'select 1')`)).rejects.toThrow(
      /invalid schedule/,
    );
    expect(await sql(`select count(*)::int as n from cron.job where jobname = 'bad'`)).toEqual([{ n: 0 }]);
  });

  it('is out of reach of the API roles', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(
        b.db.transaction(
          (tx) => tx.query(`select cron.schedule('x', '* * * * *', 'select 1')`),
          `set local role ${role}`,
        ),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('runs a job when its schedule comes round and records each run; a failing one as failed', async () => {
    await sql(`create table if not exists public.ticks (at timestamptz not null default now())`);
    await sql(`select cron.schedule('tick', '1 seconds', 'insert into public.ticks default values')`);
    await sql(`select cron.schedule('broken', '1 seconds', 'select * from public.no_such_table')`);
    const runs = await until(async () => {
      const r = await sql<{ jobname: string; status: string; return_message: string }>(
        `select j.jobname, d.status, d.return_message from cron.job_run_details d join cron.job j using (jobid)
          where j.jobname in ('tick', 'broken') and d.end_time is not null order by d.runid`,
      );
      return r.some((x) => x.jobname === 'tick') && r.some((x) => x.jobname === 'broken') && r;
    });
    expect(runs.find((r) => r.jobname === 'tick')).toMatchObject({ status: 'succeeded' });
    expect(runs.find((r) => r.jobname === 'broken')).toMatchObject({
      status: 'failed',
      return_message: expect.stringMatching(/no_such_table/),
    });
    expect((await sql<{ n: number }>(`select count(*)::int as n from public.ticks`))[0]!.n).toBeGreaterThan(
      0,
    );

    // Unscheduled, it runs no more.
    await sql(`select cron.unschedule('tick'), cron.unschedule('broken')`);
    await new Promise((r) => setTimeout(r, 300));
    const before = (await sql<{ n: number }>(`select count(*)::int as n from public.ticks`))[0]!.n;
    await new Promise((r) => setTimeout(r, 2500));
    expect((await sql<{ n: number }>(`select count(*)::int as n from public.ticks`))[0]!.n).toBe(before);
  });

  it('runDue runs the jobs due in a given minute, as the timer would then', async () => {
    await sql(`create table if not exists public.five (n int)`);
    await sql(`select cron.schedule('every-five', '*/5 * * * *', 'insert into public.five values (5)')`);
    expect(await b.cron!.runDue(new Date('2026-11-28T10:07:00Z'))).not.toContain('every-five');
    expect(await b.cron!.runDue(new Date('2026-11-28T10:10:00Z'))).toContain('every-five');
    expect(await sql(`select n from public.five`)).toEqual([{ n: 5 }]);
    await sql(`select cron.unschedule('every-five')`);
  });
});

describe('net schema', () => {
  it('sends a queued POST after the transaction commits and stores the answer', async () => {
    const [{ id }] = (await sql<{ id: string }>(
      `select net.http_post(url := $1, body := '{"hello":"Wick"}'::jsonb,
         headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer abc')) as id`,
      [`${origin}/hook`],
    )) as [{ id: string }];
    const answer = await until(
      async () => (await sql(`select * from net._http_response where id = $1`, [id]))[0],
    );
    expect(answer).toMatchObject({
      status_code: 201,
      content_type: 'text/plain',
      content: 'got POST',
      timed_out: false,
      error_msg: null,
    });
    expect((answer.headers as Record<string, string>)['x-from']).toBe('loopback');
    const got = received.find((r) => r.url === '/hook')!;
    expect(got.method).toBe('POST');
    expect(JSON.parse(got.body)).toEqual({ hello: 'Wick' });
    expect(got.headers.authorization).toBe('Bearer abc');
    expect(await sql(`select count(*)::int as n from net.http_request_queue`)).toEqual([{ n: 0 }]);
  });

  it('sends a GET with its params; a timeout and an unreachable host are recorded as such', async () => {
    const ids = await sql<{ get: string; slow: string; gone: string }>(
      `select net.http_get($1, params := '{"town":"Thurso"}'::jsonb)::text as get,
              net.http_get($2, timeout_milliseconds := 200)::text as slow,
              net.http_get('http://127.0.0.1:1/')::text as gone`,
      [`${origin}/read`, `${origin}/slow`],
    );
    const { get, slow, gone } = ids[0]!;
    const rows = await until(async () => {
      const r = await sql<{
        id: string;
        status_code: number | null;
        timed_out: boolean;
        error_msg: string | null;
      }>(
        `select id::text as id, status_code, timed_out, error_msg from net._http_response where id = any($1::bigint[])`,
        [[get, slow, gone]],
      );
      return r.length === 3 && r;
    });
    expect(rows.find((r) => r.id === get)).toMatchObject({ status_code: 201, timed_out: false });
    expect(received.find((r) => r.url.startsWith('/read'))!.url).toBe('/read?town=Thurso');
    expect(rows.find((r) => r.id === slow)).toMatchObject({ status_code: null, timed_out: true });
    expect(rows.find((r) => r.id === gone)).toMatchObject({
      status_code: null,
      error_msg: expect.any(String),
    });
  });

  it('queues nothing for the anon and authenticated roles', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        b.db.transaction((tx) => tx.query(`select net.http_get('${origin}/x')`), `set local role ${role}`),
      ).rejects.toThrow(/permission denied/);
    }
  });
});

describe('vault', () => {
  it('holds the secrets config.toml [db.vault] declares, env() read as a function reads it', async () => {
    const rows = await sql<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets order by name`,
    );
    expect(rows).toEqual([
      { name: 'plain_value', decrypted_secret: 'Caithness' },
      { name: 'project_url', decrypted_secret: b.url },
      { name: 'service_role_key', decrypted_secret: b.serviceRoleKey },
    ]);
    const id = (
      await sql<{ id: string }>(`select vault.create_secret('s3cret', 'extra', 'a test') as id`)
    )[0]!.id;
    await sql(`select vault.update_secret($1, 'changed')`, [id]);
    expect(await sql(`select decrypted_secret from vault.decrypted_secrets where name = 'extra'`)).toEqual([
      { decrypted_secret: 'changed' },
    ]);
    for (const role of ['anon', 'authenticated']) {
      await expect(
        b.db.transaction((tx) => tx.query(`select * from vault.decrypted_secrets`), `set local role ${role}`),
      ).rejects.toThrow(/permission denied/);
    }
  });
});

it('a scheduled job calls a function through pg_net with the URL and service role key from the Vault', async () => {
  await sql(
    `select cron.schedule('call-function', '*/5 * * * *', $$
       select net.http_post(
         url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/caller',
         headers := jsonb_build_object(
           'Content-Type', 'application/json',
           'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
         body := '{"from":"cron"}'::jsonb) as request_id
     $$)`,
  );
  await b.cron!.runDue(new Date('2026-11-28T10:15:00Z'));
  const answer = await until(
    async () =>
      (
        await sql<{ status_code: number; content: string }>(
          `select status_code, content from net._http_response where content like '%"from":"cron"%'`,
        )
      )[0],
  );
  expect(answer.status_code).toBe(200);
  expect(JSON.parse(answer.content)).toEqual({ serviceRole: true, body: { from: 'cron' } });
  await sql(`select cron.unschedule('call-function')`);
});
