import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAuth, type AuthModule } from './auth/index.ts';
import { ClientAddresses } from './addresses.ts';
import { resolveConfig, type BackendConfig } from './config.ts';
import { loadRoleSettings, openDatabase, type Database } from './db.ts';
import { createFunctions } from './functions/index.ts';
import { apiKeyRefusal, authPathNeedsKey, resolvedPath, withoutQueryKey } from './gateway.ts';
import { BodyTooLarge, CORS_HEADERS, json, readBody, sendResponse, toRequest } from './http.ts';
import { setupDatabase } from './platform.ts';
import { startSmtpCatcher, type SmtpCatcher } from './mail/smtp.ts';
import { createRealtime, REALTIME_PATH, type Realtime } from './realtime/index.ts';
import { createRest } from './rest/index.ts';
import { createStorage, STORAGE_MAX_BODY } from './storage/index.ts';
import { startCron, type CronScheduler } from './cron.ts';
import { startNet, type NetWorker } from './net.ts';
import { readProjectConfig } from './project.ts';
import { writeVaultSecrets } from './vault.ts';
import { applyConfigBuckets, seedBucketObjects } from './storage/seed.ts';
import { restoreSetUpDatabase } from './setupCache.ts';

export interface RunningBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  mailUrl: string;
  /** The SMTP settings server functions get (the mail catcher's listener unless SMTP_* configure a relay). */
  smtp: Record<string, string>;
  dataDir: string;
  config: BackendConfig;
  db: Database;
  auth: AuthModule;
  realtime: Realtime;
  /** The scheduler of the local `cron` schema (null where the database runs pg_cron itself). */
  cron: CronScheduler | null;
  /** The worker of the local `net` schema (null where the database runs pg_net itself). */
  net: NetWorker | null;
  stop(): Promise<void>;
}

/** A Web-standard handler; `remoteAddress` is the socket's peer (Auth keys rate limits on the client's address). */
type Handler = (req: Request, remoteAddress?: string) => Promise<Response>;

/**
 * ANALYZE, as autovacuum would, only the tables whose statistics are missing or out of date: never analysed
 * (reltuples -1: new tables, a new database) or grown or shrunk by more than a tenth (and a page) since (PGlite keeps
 * no modification counters across restarts, but a table's pages against those its statistics saw tell the same).
 * On an unchanged data directory this is one catalogue query instead of analysing every table at each start.
 */
async function analyzeStale(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        and (c.reltuples < 0
             or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + c.relpages / 10)`,
  );
  if (rows.length) await db.exec(`analyze ${rows.map((r) => r.name).join(', ')}`);
}

/** Starts the whole local backend: database (migrated and seeded), then one HTTP server for every API. */
export async function startBackend(partial: Partial<BackendConfig> = {}): Promise<RunningBackend> {
  const config = resolveConfig(partial);
  // What has started, to stop in reverse order: on a failed start, and by stop().
  const started: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    return await start(config, started, stopAll);
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function start(
  config: BackendConfig,
  started: (() => Promise<unknown>)[],
  stopAll: () => Promise<void>,
): Promise<RunningBackend> {
  if (
    config.setupCache &&
    !config.databaseUrl &&
    !existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))
  )
    await restoreSetUpDatabase(config, config.setupCache);
  const db = await openDatabase(config);
  started.push(() => db.close());
  const report = await setupDatabase(db, config.projectDir, config.seed);
  if (report.fresh) await applyConfigBuckets(db, config);
  if (report.seeded) await seedBucketObjects(db, config);
  // PGlite runs no autovacuum: without statistics the planner takes every table for ten pages of rows, which
  // misleads plans and the per-role plan cost limit; gather them at start for the tables that need them.
  if (db.engine === 'pglite') await analyzeStale(db);
  await loadRoleSettings(db);

  /**
   * `clientHeaders`: the handler gets the client's address in X-Real-IP and X-Forwarded-For, set here and replacing
   * whatever the caller sent, as hosted Supabase's gateway hands them to functions and PostgREST. `needsKey`: the
   * paths (as the API reads them) the gateway answers only with one of the project's API keys.
   */
  let handlers: {
    prefix: string;
    limit: number;
    handle: Handler;
    clientHeaders?: boolean;
    needsKey?: (path: string) => boolean;
  }[] = [];
  const addresses = new ClientAddresses(config.trustedProxies);
  let nodeMounts: [string, (req: IncomingMessage, res: ServerResponse) => void][] = [];
  // Requests are resolved against the server's own URL, never the client's Host header (which may be anything).
  let base = 'http://localhost';

  const server = createServer((req, res) => {
    void dispatch(req, res);
  });
  server.keepAliveTimeout = 5000;
  let realtime: Realtime | null = null;
  // WebSocket upgrades: only Realtime takes them.
  server.on('upgrade', (req, socket, head) => {
    if (realtime?.handleUpgrade(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS_HEADERS);
        res.end();
        return;
      }
      for (const [prefix, mount] of nodeMounts) {
        if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return mount(req, res);
      }
      const route = handlers.find((h) => pathname.startsWith(h.prefix));
      if (!route) {
        await sendResponse(res, json({ message: 'no Route matched with those values' }, 404));
        return;
      }
      if (route.needsKey?.(resolvedPath(pathname))) {
        const refusal = apiKeyRefusal(req, [config.anonKey, config.serviceRoleKey]);
        if (refusal) {
          await sendResponse(res, refusal);
          req.resume();
          return;
        }
        req.url = withoutQueryKey(req.url ?? '/');
      }
      let body: Buffer;
      try {
        body = await readBody(req, route.limit);
      } catch (err) {
        if (err instanceof BodyTooLarge) {
          const payload = route.prefix.startsWith('/storage')
            ? {
                statusCode: '413',
                error: 'Payload too large',
                message: 'The object exceeded the maximum allowed size',
              }
            : { code: 'PGRST413', message: 'Payload Too Large', details: null, hint: null };
          res.setHeader('connection', 'close');
          await sendResponse(res, json(payload, 413));
          req.resume();
          return;
        }
        throw err;
      }
      const overrides: Record<string, string> = {};
      if (route.clientHeaders) {
        // The socket's peer, or the client a trusted proxy names: never a forwarding header an untrusted caller chose.
        const client = addresses.of(req.socket.remoteAddress, req.headers).address;
        overrides['x-real-ip'] = client;
        overrides['x-forwarded-for'] = client;
      }
      const response = await route.handle(toRequest(req, base, body, overrides), req.socket.remoteAddress);
      await sendResponse(res, response, req.method === 'HEAD');
    } catch (err) {
      console.error('[local-supabase]', err);
      if (!res.headersSent) await sendResponse(res, json({ message: 'Internal Server Error' }, 500));
      else res.end();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  started.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  const { port } = server.address() as AddressInfo;
  const url = config.publicUrl ?? `http://${config.host}:${port}`;
  config.port = port;
  base = url;

  const auth: AuthModule = await createAuth({ db, config, publicUrl: url });
  started.push(() => auth.close());
  // Functions send mail over SMTP: to the configured relay, else to the mail catcher's own SMTP listener.
  const smtp: SmtpCatcher | null = auth.mailCatcher
    ? await startSmtpCatcher({ catcher: auth.mailCatcher, access: auth.catcherAccess })
    : null;
  if (smtp) started.push(() => smtp.close());
  const rt: Realtime = await createRealtime({ db, config });
  realtime = rt;
  started.push(() => rt.close());
  const relay = auth.settings.smtp;
  const smtpEnv: Record<string, string> =
    smtp || !relay
      ? (smtp?.env ?? {})
      : {
          SMTP_HOST: relay.host,
          SMTP_PORT: String(relay.port),
          ...(relay.user ? { SMTP_USER: relay.user } : {}),
          ...(relay.pass ? { SMTP_PASS: relay.pass } : {}),
          ...(config.smtp?.sender ? { SMTP_SENDER: config.smtp.sender } : {}),
        };
  const rest = createRest({ db, config });
  const storage = createStorage({ db, config });
  const functionVars: Record<string, string> = {
    ...smtpEnv,
    SITE_URL: config.siteUrl,
    ...config.functionEnv,
  };
  const functions = createFunctions({ config, url, env: functionVars });
  handlers = [
    {
      prefix: '/rest/v1',
      limit: config.maxBodyBytes,
      handle: rest,
      clientHeaders: true,
      needsKey: () => true,
    },
    { prefix: '/storage/v1', limit: STORAGE_MAX_BODY, handle: storage },
    { prefix: '/functions/v1', limit: config.maxBodyBytes, handle: functions, clientHeaders: true },
    {
      prefix: '/auth/v1',
      limit: config.maxBodyBytes,
      handle: (req, remoteAddress) => auth.handle(req, remoteAddress),
      needsKey: authPathNeedsKey,
    },
    {
      prefix: REALTIME_PATH,
      limit: config.realtime.maxPayloadBytes + 64 * 1024,
      handle: (req) => rt.handle(req),
      // Realtime's REST API (broadcasts) is behind the gateway's key check; its socket checks its own key.
      needsKey: (path) => path.startsWith(`${REALTIME_PATH}/api/`),
    },
  ];
  nodeMounts = Object.entries(auth.nodeMounts);

  // Scheduled jobs and their HTTP calls start once every API answers: a job may call this backend's functions.
  await writeVaultSecrets(db, readProjectConfig(config.projectDir).toml, {
    ...functionVars,
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
  });
  const net = await startNet(db);
  if (net) started.push(() => net.stop());
  const cron = await startCron(db);
  if (cron) started.push(() => cron.stop());

  let stopped: Promise<void> | null = null;
  return {
    url,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    mailUrl: auth.mailUrl,
    smtp: smtpEnv,
    dataDir: config.dataDir,
    config,
    db,
    auth,
    realtime: rt,
    cron,
    net,
    stop() {
      stopped ??= stopAll();
      return stopped;
    },
  };
}
