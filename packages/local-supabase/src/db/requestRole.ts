/** How a request's role, claims and the role's settings reach the database (as PostgREST sets them per transaction). */
import type { Claims } from '../jwt.ts';
import type { Database, QueryResult, RequestRole, Sql, TransactionOptions } from './types.ts';

/**
 * On PGlite one statement holds the only engine until it ends or its timeout stops it, so a read that an anonymous
 * or signed-in client can make costly (embeds fan out level by level) would stall every other request; unless the
 * project sets `plan_filter.statement_cost_limit` on the role, reads estimated above this are refused there. About
 * a 1,000-row read with a to-one embed; a few hundred ms of engine time on this machine.
 */
export const PGLITE_DEFAULT_COST_LIMIT = 2500;
const COST_LIMIT = 'plan_filter.statement_cost_limit';

/**
 * On PGlite the engine's time for a read grows with the bytes it renders (a 3.6 MB two-level embed holds the engine
 * ~0.5 s, a 100 KB one ~30 ms), which the plan's cost does not weigh; unless the role sets
 * `local_supabase.answer_bytes_limit`, an anonymous or signed-in read with embeds whose planned answer exceeds this
 * is refused before it runs, so one client cannot hold every other behind it.
 */
export const PGLITE_DEFAULT_ANSWER_BYTES = 1024 * 1024;
const ANSWER_LIMIT = 'local_supabase.answer_bytes_limit';

/** The database role a request runs as, from its verified JWT claims (as PostgREST does). */
export function roleOf(claims: Claims): RequestRole {
  const role = claims.role;
  return role === 'authenticated' || role === 'service_role' ? role : 'anon';
}

/** PostgreSQL's units for time settings (`statement_timeout`'s default unit is ms). */
export function settingMs(value: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value);
  if (!m) return null;
  const factor = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms'] ?? 1;
  const ms = Number(m[1]) * factor;
  return ms > 0 ? ms : null;
}

/**
 * Reads the settings PostgREST applies per request: those of `authenticator` (its login role), overridden by those
 * of the impersonated role; database-specific ones over cluster-wide ones; only settings a plain user may set.
 */
export async function loadRoleSettings(db: Database): Promise<void> {
  const { rows } = await db.query<{ role: string; name: string; value: string }>(
    `select r.rolname::text as role, split_part(kv, '=', 1) as name, substr(kv, strpos(kv, '=') + 1) as value
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole
       cross join lateral unnest(s.setconfig) as kv
      where (split_part(kv, '=', 1) in ('${COST_LIMIT}', '${ANSWER_LIMIT}') or kv like 'pgrst.%'
             or exists (select 1 from pg_settings ps where ps.name = split_part(kv, '=', 1) and ps.context = 'user'))
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        and r.rolname in ('authenticator', 'anon', 'authenticated', 'service_role')
      order by r.rolname = 'authenticator' desc, s.setdatabase`,
  );
  const base = new Map<string, string>();
  for (const r of rows) if (r.role === 'authenticator') base.set(r.name, r.value);
  db.roleSettings.clear();
  for (const role of ['anon', 'authenticated', 'service_role'] as const) {
    const settings = new Map(base);
    for (const r of rows) if (r.role === role) settings.set(r.name, r.value);
    const timeout = settings.get('statement_timeout');
    const cost = Number(
      settings.get(COST_LIMIT) ??
        (db.engine === 'pglite' && role !== 'service_role' ? PGLITE_DEFAULT_COST_LIMIT : NaN),
    );
    const bytes = Number(
      settings.get(ANSWER_LIMIT) ??
        (db.engine === 'pglite' && role !== 'service_role' ? PGLITE_DEFAULT_ANSWER_BYTES : NaN),
    );
    settings.delete(COST_LIMIT);
    settings.delete(ANSWER_LIMIT);
    db.roleSettings.set(role, {
      settings,
      timeoutMs: timeout === undefined ? null : settingMs(timeout),
      costLimit: cost > 0 ? cost : null,
      answerBytesLimit: bytes > 0 ? bytes : null,
    });
  }
}

const literal = (v: string): string => `'${v.replace(/'/g, "''")}'`;

/** The role switch, claims and role settings of a request, as one literal statement for the BEGIN round trip. */
export function requestPrelude(
  db: Database,
  claims: Claims,
  request: Record<string, string> = {},
): TransactionOptions {
  const role = roleOf(claims);
  const own = db.roleSettings.get(role);
  const sets = [
    `set_config('role', ${literal(role)}, true)`,
    // As PostgREST 12: the claims as one JSON setting (auth.uid() and friends read it).
    `set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true)`,
  ];
  // request.method, request.path, request.headers, request.cookies, as PostgREST sets them.
  for (const [name, value] of Object.entries(request))
    sets.push(`set_config(${literal(`request.${name}`)}, ${literal(value)}, true)`);
  for (const [name, value] of own?.settings ?? []) {
    // PGlite cannot interrupt a statement itself; its worker enforces the timeout instead.
    if (name === 'statement_timeout' && db.engine === 'pglite') continue;
    sets.push(`set_config(${literal(name)}, ${literal(value)}, true)`);
  }
  return { prelude: `select ${sets.join(', ')}`, timeoutMs: own?.timeoutMs ?? null };
}

/**
 * Runs fn in one transaction as the request's role with `request.jwt.claims` and the role's settings (such as
 * `statement_timeout`) in force, so RLS decides and a costly statement is stopped.
 */
export function withRequestRole<T>(db: Database, claims: Claims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { prelude, timeoutMs } = requestPrelude(db, claims);
  return db.transaction(fn, prelude, { timeoutMs });
}

/** One statement as the request's role, in one transaction (one round trip into PGlite). */
export function queryAs<T = Record<string, unknown>>(
  db: Database,
  claims: Claims,
  text: string,
  params: unknown[],
  options: { request?: Record<string, string>; rollback?: boolean; readOnly?: boolean } = {},
): Promise<QueryResult<T>> {
  const { prelude, timeoutMs } = requestPrelude(db, claims, options.request);
  // As PostgREST runs GET and HEAD: a read-only transaction, so a write in a function called by GET is refused (25006).
  return db.run<T>(text, params, {
    prelude: options.readOnly ? `set transaction read only; ${prelude}` : prelude,
    timeoutMs,
    rollback: options.rollback,
  });
}
