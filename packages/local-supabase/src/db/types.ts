/** The database engine's interface, shared by the PGlite and PostgreSQL drivers and every API. */

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface TransactionOptions {
  /** Literal SQL (no parameters) sent in the same round trip as BEGIN: the role, claims and settings. */
  prelude?: string;
  /**
   * The statement timeout in force (ms). PostgreSQL enforces it itself (the prelude sets `statement_timeout`);
   * on PGlite, which cannot interrupt a running statement, the worker running the engine is stopped and restarted.
   */
  timeoutMs?: number | null;
  /** End with ROLLBACK instead of COMMIT (PostgREST's `Prefer: tx=rollback`). */
  rollback?: boolean;
}

export interface Database extends Sql {
  /**
   * BEGIN/COMMIT/ROLLBACK around fn; serialised on PGlite (one connection). `prelude` (literal SQL, no
   * parameters) runs in the same round trip as BEGIN.
   */
  transaction<T>(
    fn: (tx: Sql) => Promise<T>,
    prelude?: string,
    options?: Omit<TransactionOptions, 'prelude'>,
  ): Promise<T>;
  /** One statement in its own transaction after `prelude`, in as few round trips as the engine allows. */
  run<T = Record<string, unknown>>(
    text: string,
    params: unknown[],
    options?: TransactionOptions,
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements (platform SQL, migrations, seed). */
  exec(script: string): Promise<void>;
  /**
   * LISTEN on a channel; `onPayload` receives each NOTIFY payload after the notifying transaction commits.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  engine: 'pglite' | 'postgres';
  /** Settings applied to requests per API role (as PostgREST applies the impersonated role's settings). */
  roleSettings: Map<RequestRole, RoleSettings>;
}

export interface RoleSettings {
  /** `name → value` of the settings of the role (over those of `authenticator`), applied per transaction. */
  settings: Map<string, string>;
  /** `statement_timeout` in ms, null when none. */
  timeoutMs: number | null;
  /** `plan_filter.statement_cost_limit` (Supabase's pg_plan_filter): reads estimated above it are refused. */
  costLimit: number | null;
  /** `local_supabase.answer_bytes_limit`: reads with embeds whose estimated answer is larger are refused. */
  answerBytesLimit: number | null;
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/** The error PostgreSQL raises when a statement exceeds `statement_timeout`. */
export class StatementTimeout extends Error {
  code = '57014';
  severity = 'ERROR';
  constructor() {
    super('canceling statement due to statement timeout');
  }
}
