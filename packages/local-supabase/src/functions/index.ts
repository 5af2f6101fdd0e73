import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BackendConfig } from '../config.ts';
import { AuthError, json, requestClaims } from '../http.ts';

type Handler = (req: Request) => Response | Promise<Response>;

interface DenoShim {
  serve(a: unknown, b?: unknown): { finished: Promise<void>; shutdown(): Promise<void> };
  env: {
    get(k: string): string | undefined;
    set(k: string, v: string): void;
    toObject(): Record<string, string>;
  };
}

let capture: ((h: Handler) => void) | null = null;
const functionEnv: Record<string, string> = {};

/**
 * A minimal Deno global: `Deno.serve(handler)` hands the handler to the loader (nothing listens),
 * `Deno.env` reads the function environment (SUPABASE_URL, keys) and then process.env.
 */
function installDeno(): void {
  const g = globalThis as unknown as { Deno?: DenoShim };
  if (g.Deno && !(g.Deno as { __shim?: boolean }).__shim) return;
  const shim: DenoShim & { __shim: boolean } = {
    __shim: true,
    serve(a: unknown, b?: unknown) {
      const handler = (
        typeof a === 'function' ? a : typeof b === 'function' ? b : (a as { handler?: Handler })?.handler
      ) as Handler | undefined;
      if (!handler) throw new TypeError('Deno.serve needs a handler');
      if (!capture) throw new Error('Deno.serve called outside a function load');
      capture(handler);
      return { finished: Promise.resolve(), shutdown: async () => undefined };
    },
    env: {
      get: (k) => functionEnv[k] ?? process.env[k],
      set: (k, v) => {
        functionEnv[k] = v;
      },
      toObject: () => ({ ...(process.env as Record<string, string>), ...functionEnv }),
    },
  };
  g.Deno = shim;
}

/** Per-function settings from supabase/config.toml (`[functions.<name>] verify_jwt = false`). */
export function functionSettings(projectDir: string): Map<string, { verifyJwt: boolean }> {
  const out = new Map<string, { verifyJwt: boolean }>();
  const file = path.join(projectDir, 'config.toml');
  if (!existsSync(file)) return out;
  let current: string | null = null;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const section = /^\s*\[functions\.([A-Za-z0-9_-]+)\]\s*$/.exec(line);
    if (section) {
      current = section[1]!;
      out.set(current, { verifyJwt: true });
      continue;
    }
    if (/^\s*\[/.test(line)) current = null;
    const setting = /^\s*verify_jwt\s*=\s*(true|false)/.exec(line);
    if (current && setting) out.get(current)!.verifyJwt = setting[1] === 'true';
  }
  return out;
}

let loading: Promise<unknown> = Promise.resolve();
/**
 * Each function file's handler once loaded, for the life of the process: Node evaluates a module once, so a backend
 * started again in the same process (a restart) would import it without `Deno.serve` being called again.
 */
const loadedHandlers = new Map<string, Handler>();

/** Serves /functions/v1/<name> from <projectDir>/functions/<name>/index.ts, written for Supabase Edge. */
export function createFunctions({
  config,
  url,
  env = {},
}: {
  config: BackendConfig;
  url: string;
  /** More variables for the functions (the mail catcher's SMTP settings). */
  env?: Record<string, string>;
}): (req: Request) => Promise<Response> {
  installDeno();
  Object.assign(functionEnv, {
    ...env,
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    ...(config.databaseUrl ? { SUPABASE_DB_URL: config.databaseUrl } : {}),
  });
  const settings = functionSettings(config.projectDir);
  const handlers = new Map<string, Promise<Handler>>();

  function load(name: string): Promise<Handler> | null {
    const file = path.join(config.projectDir, 'functions', name, 'index.ts');
    if (!existsSync(file)) return null;
    let h = handlers.get(name);
    if (!h) {
      h = new Promise<Handler>((resolve, reject) => {
        loading = loading
          .then(async () => {
            const known = loadedHandlers.get(file);
            if (known) return resolve(known);
            let got: Handler | null = null;
            capture = (fn) => {
              got = fn;
            };
            let mod: { default?: Handler | { fetch?: Handler } };
            try {
              mod = (await import(pathToFileURL(file).href)) as typeof mod;
            } finally {
              capture = null;
            }
            // Deno.serve(handler) is the Supabase Edge style; a default-exported handler (or { fetch }) also works.
            const fallback =
              typeof mod.default === 'function' ? mod.default : mod.default?.fetch?.bind(mod.default);
            got ??= fallback ?? null;
            if (!got)
              throw new Error(
                `function ${name} neither calls Deno.serve(handler) nor exports a default handler`,
              );
            loadedHandlers.set(file, got);
            resolve(got);
          })
          .catch((err: unknown) => {
            handlers.delete(name);
            reject(err as Error);
          });
      });
      handlers.set(name, h);
    }
    return h;
  }

  return async function handle(req: Request): Promise<Response> {
    const u = new URL(req.url);
    const rest = u.pathname.replace(/^\/functions\/v1\/?/, '');
    const name = rest.split('/')[0] ?? '';
    if (!/^[A-Za-z0-9_-]+$/.test(name))
      return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    const handlerP = load(name);
    if (!handlerP) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    if (settings.get(name)?.verifyJwt !== false) {
      try {
        await requestClaims(req, config);
      } catch (err) {
        if (err instanceof AuthError) return json({ code: 401, message: 'Invalid JWT' }, 401);
        throw err;
      }
    }
    try {
      const handler = await handlerP;
      return await handler(req);
    } catch (err) {
      console.error(`[functions/${name}]`, err);
      return json(
        { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
        500,
      );
    }
  };
}
