// Every function's skeleton: serve() (CORS preflight, HttpError → its reply, anything else → a 500 without details),
// the one CORS table, JSON replies, bounded JSON bodies, the caller, the client address, and the REST API with the
// service role or as the caller.
export const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export const reply = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...cors, 'Content-Type': 'application/json' } });

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Reads a JSON object body of at most `limit` bytes. */
export async function readJson(req: Request, limit = 64 * 1024): Promise<Record<string, unknown>> {
  if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
  const text = await req.text();
  if (new TextEncoder().encode(text).length > limit) throw new HttpError(413, 'The request is too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function env(name: string): string {
  const v = Deno.env.get(name);
  if (!v) throw new HttpError(500, 'The function is not configured');
  return v;
}

/**
 * The client's address, as the platform reports it — the one place functions read it (rate limits, visitor
 * de-duplication). Hosted Supabase's gateway sets X-Real-IP from the client it accepted the connection from; the
 * local backend sets it from the socket peer (or the client a trusted proxy names). Behind another proxy that
 * names the client in a header of its own, set the secret CLIENT_ADDRESS_HEADER (e.g. cf-connecting-ip). Never
 * X-Forwarded-For's first entry: the caller writes that one. 'unknown' when the header is missing.
 */
export function clientAddress(req: Request): string {
  const name = Deno.env.get('CLIENT_ADDRESS_HEADER')?.trim() || 'x-real-ip';
  return (req.headers.get(name)?.trim() || 'unknown').slice(0, 100);
}

export interface Caller {
  id: string;
  email: string | null;
  token: string;
}

/** What a function answers a password-only session of a user who turned on two-step verification. */
export const secondFactorRequired = {
  status: 403,
  message: 'Enter the code from your authenticator app first.',
  code: 'insufficient_aal',
} as const;

function bearer(req: Request): string | null {
  const h = req.headers.get('authorization');
  return h && /^bearer\s+/i.test(h) ? h.replace(/^bearer\s+/i, '').trim() : null;
}

/** A claim of a token Auth has just accepted (its signature is Auth's concern, not ours). */
function claim(token: string, name: string): unknown {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return (
      JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as Record<string, unknown>
    )[name];
  } catch {
    return undefined;
  }
}

/**
 * The signed-in user behind the request, asked of Auth (so the token is verified), or null for the anon key.
 * A user with a verified factor must have passed it in this session (aal2), as the database's policies require
 * (public.mfa_satisfied()): otherwise 403 with `secondFactorRequired`. A public form, which a visitor may send too,
 * passes `{ unverified: 'visitor' }` to treat such a session as no session instead.
 */
export async function caller(
  req: Request,
  options: { unverified?: 'refuse' | 'visitor' } = {},
): Promise<Caller | null> {
  const token = bearer(req);
  if (!token) return null;
  const res = await fetch(`${env('SUPABASE_URL')}/auth/v1/user`, {
    headers: { apikey: env('SUPABASE_ANON_KEY'), Authorization: `Bearer ${token}` },
  });
  if (!res.ok) return null;
  const user = (await res.json()) as {
    id?: string;
    email?: string;
    factors?: Array<{ status?: string }> | null;
  };
  if (!user.id) return null;
  const needsCode =
    (user.factors ?? []).some((f) => f.status === 'verified') && claim(token, 'aal') !== 'aal2';
  if (needsCode) {
    if (options.unverified === 'visitor') return null;
    throw new HttpError(secondFactorRequired.status, secondFactorRequired.message, {
      code: secondFactorRequired.code,
    });
  }
  return { id: user.id, email: user.email ?? null, token };
}

export interface RestError {
  status: number;
  code?: string;
  message?: string;
  hint?: string | null;
}

/** A PostgREST call, as the service role unless a user token is given (then RLS decides as that user). */
export async function rest<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; prefer?: string; token?: string } = {},
): Promise<{ data: T | null; error: RestError | null }> {
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  const res = await fetch(`${env('SUPABASE_URL')}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: init.token ? env('SUPABASE_ANON_KEY') : key,
      Authorization: `Bearer ${init.token ?? key}`,
      'Content-Type': 'application/json',
      ...(init.prefer ? { Prefer: init.prefer } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) return { data: null, error: { status: res.status, ...(parsed as object) } };
  return { data: parsed as T, error: null };
}

/** The database's per-address, per-e-mail and per-user limit (private.enforce_form_rate_limit) as an HTTP 429. */
export function isRateLimited(e: RestError | null): boolean {
  return !!e && e.hint === 'rate_limited';
}

export const rateLimitedMessage =
  'Too many submissions from this address; please try again in an hour, or phone us.';

/** Runs a handler, turning HttpError into its reply and anything else into a 500 without details. */
export function serve(handler: (req: Request) => Promise<Response>): void {
  Deno.serve(async (req: Request) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: cors });
    try {
      return await handler(req);
    } catch (err) {
      if (err instanceof HttpError) return reply({ error: err.message, ...err.extra }, err.status);
      console.error(err);
      return reply({ error: 'Something went wrong on our side; please try again or phone us.' }, 500);
    }
  });
}
