import { queryAs, requestPrelude, roleOf, type Database } from '../db.ts';
import type { Claims } from '../jwt.ts';
import { Errors } from './errors.ts';
import type { ApiRequest, PlanFormat } from './request.ts';
import type { Statement } from './statements.ts';

/** What a statement answered: the body text, the rows in it, and the total / inserted counts when asked for. */
export interface Result {
  body: string | null;
  n: number;
  total?: number | null;
  inserted?: number | null;
}

/** What PostgREST puts in the transaction besides the claims, and how it ends it. */
export interface RequestContext {
  request: Record<string, string>;
  rollback: boolean;
  /** db-tx-end lets `Prefer: tx=…` decide (then it is reported as applied). */
  txOverride: boolean;
  /** GET and HEAD run in a read-only transaction, as in PostgREST. */
  readOnly: boolean;
}

/** As PostgREST's db-tx-end: `Prefer: tx=…` is honoured only where the setting allows an override. */
export function requestContext(request: ApiRequest, txEnd: string | undefined): RequestContext {
  const overridable = txEnd === 'commit-allow-override' || txEnd === 'rollback-allow-override';
  const rollback =
    overridable && request.prefer.tx
      ? request.prefer.tx === 'rollback'
      : txEnd?.startsWith('rollback') === true;
  return {
    readOnly: request.method === 'GET' || request.method === 'HEAD',
    request: request.settings,
    rollback,
    txOverride: overridable,
  };
}

interface PlanNode {
  'Total Cost': number;
  'Plan Rows': number;
  'Plan Width': number;
  'Parent Relationship'?: string;
  'Node Type': string;
  Plans?: PlanNode[];
}

/**
 * The bytes a plan reads into its answer, estimated: every table scan's rows × width, a subplan's counted once per row of
 * the node that runs it (an embed runs once per parent row), a nested loop's inner side once per outer row.
 */
export function plannedBytes(node: PlanNode, loops = 1): number {
  const rows = node['Plan Rows'] * loops;
  const children = node.Plans ?? [];
  const type = node['Node Type'];
  const reads =
    type.endsWith('Scan') && type !== 'Subquery Scan' && type !== 'CTE Scan' && type !== 'Bitmap Index Scan';
  const outer = children.find((c) => c['Parent Relationship'] === 'Outer');
  let sum = reads ? rows * node['Plan Width'] : 0;
  for (const child of children) {
    const relation = child['Parent Relationship'];
    const times =
      relation === 'SubPlan'
        ? rows
        : relation === 'Inner' && node['Node Type'] === 'Nested Loop' && outer
          ? outer['Plan Rows'] * loops
          : loops;
    sum += plannedBytes(child, times);
  }
  return sum;
}

/** Runs statements as the request's role, in the request's transaction settings. */
export function executor(db: Database) {
  async function explain(claims: Claims, stmt: Statement): Promise<PlanNode> {
    type Plan = [{ Plan: PlanNode }];
    const plan = await queryAs<{ 'QUERY PLAN': Plan | string }>(
      db,
      claims,
      `explain (format json) ${stmt.sql}`,
      stmt.params,
    );
    const raw = plan.rows[0]!['QUERY PLAN'];
    return (typeof raw === 'string' ? (JSON.parse(raw) as Plan) : raw)[0].Plan;
  }

  /**
   * `Prefer: handling=strict, max-affected=N`: the statement runs, and when it touched more than N rows the
   * transaction is rolled back and the answer is 400 PGRST124, as PostgREST does.
   */
  async function guarded(
    claims: Claims,
    ctx: RequestContext,
    stmt: Statement,
    max: number,
    read: (out: { rows: Record<string, unknown>[]; affectedRows: number }) => Result,
  ): Promise<Result> {
    const { prelude, timeoutMs } = requestPrelude(db, claims, ctx.request);
    const rollback = new Error('rollback');
    let result: Result | null = null;
    try {
      await db.transaction(
        async (tx) => {
          result = read(await tx.query(stmt.sql, stmt.params));
          if (result.n > max) throw Errors.maxAffected(result.n);
          if (ctx.rollback) throw rollback;
        },
        ctx.readOnly ? `set transaction read only; ${prelude}` : prelude,
        { timeoutMs },
      );
    } catch (err) {
      if (err !== rollback) throw err;
    }
    return result!;
  }

  type Row = { body: string; n: number; total?: number; inserted?: number };
  const toResult = (row: Row): Result => ({
    body: row.body,
    n: Number(row.n),
    total: row.total === undefined ? null : Number(row.total),
    inserted: row.inserted === undefined ? null : Number(row.inserted),
  });

  return {
    /** Runs a statement; a `rows` statement answers its body row, a `write` one its affected rows. */
    async run(
      claims: Claims,
      ctx: RequestContext,
      stmt: Statement,
      maxAffected: number | null = null,
    ): Promise<Result> {
      const read =
        stmt.kind === 'rows'
          ? (out: { rows: Record<string, unknown>[] }) => toResult(out.rows[0] as Row)
          : (out: { affectedRows: number }) => ({ body: null, n: out.affectedRows });
      if (maxAffected !== null) return guarded(claims, ctx, stmt, maxAffected, read);
      return read(await queryAs(db, claims, stmt.sql, stmt.params, ctx));
    },

    /**
     * `Accept: application/vnd.pgrst.plan`: the statement's EXPLAIN with the asked format and options, in the
     * request's transaction (with `analyze` it runs, and is rolled back only as the request says). Text plans come as
     * one row a line, a JSON plan as one value; the body is each followed by a newline, as PostgREST answers.
     */
    async explain(claims: Claims, ctx: RequestContext, stmt: Statement, plan: PlanFormat): Promise<string> {
      const options = [`format ${plan.format}`, ...plan.options].join(', ');
      const out = await queryAs<{ 'QUERY PLAN': unknown }>(
        db,
        claims,
        `explain (${options}) ${stmt.sql}`,
        stmt.params,
        ctx,
      );
      return out.rows
        .map((r) => {
          const line = r['QUERY PLAN'];
          return `${typeof line === 'string' ? line : JSON.stringify(line, null, 2)}\n`;
        })
        .join('');
    },

    /** The planner's estimate of a statement's rows (`count=planned`), as the role sees the table. */
    async plannedRows(claims: Claims, stmt: Statement): Promise<number> {
      return (await explain(claims, stmt))['Plan Rows'];
    },

    /**
     * Refuses a read whose estimated cost is over the role's `plan_filter.statement_cost_limit`, as Supabase's
     * pg_plan_filter does (54000, before it runs). Embedded reads are where one request's cost multiplies level by
     * level; on PGlite such a statement would hold the one engine until its timeout.
     */
    async checkCost(claims: Claims, stmt: Statement): Promise<void> {
      const own = db.roleSettings.get(roleOf(claims));
      const limit = own?.costLimit;
      const bytesLimit = own?.answerBytesLimit;
      if (!limit && !bytesLimit) return;
      const root = await explain(claims, stmt);
      if (limit && root['Total Cost'] > limit) throw Errors.costLimit(limit);
      if (bytesLimit && plannedBytes(root) > bytesLimit) throw Errors.answerSizeLimit(bytesLimit);
    },
  };
}

export type Executor = ReturnType<typeof executor>;
