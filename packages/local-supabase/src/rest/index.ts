import type { BackendConfig } from '../config.ts';
import { roleOf, type Database } from '../db.ts';
import { AuthError, json, requestClaims, requestToken } from '../http.ts';
import type { Claims } from '../jwt.ts';
import { readProjectConfig } from '../project.ts';
import { loadCatalog, type Catalog } from './catalog.ts';
import { ApiError, Errors, fromPgError } from './errors.ts';
import { executor, requestContext } from './execute.ts';
import { planCall } from './planCall.ts';
import { planDelete, planInsert, planRead, planUpdate, tableOf } from './plan.ts';
import {
  callStatement,
  countStatement,
  mutateStatement,
  readStatement,
  type Statement,
} from './statements.ts';
import { apiRequest, readPayload, type ApiRequest, type PlanFormat } from './request.ts';
import {
  callResponse,
  mutateResponse,
  planResponse,
  preferenceApplied,
  readResponse,
  rootResponse,
} from './response.ts';

/**
 * The local PostgREST: request → plan → query → execute → response, as PostgREST's own layout (ApiRequest, Plan,
 * Query, Response). This file only wires them and maps errors to PostgREST's answers.
 */

export interface RestDeps {
  db: Database;
  config: BackendConfig;
}

export function createRest({ db, config }: RestDeps): (req: Request) => Promise<Response> {
  const { maxRows, schemas } = readProjectConfig(config.projectDir).api;
  const exec = executor(db);
  const catalogs = new Map<string, Promise<Catalog>>();
  /** The schema cache of one exposed schema, loaded at its first request (and again when something is not found). */
  const catalogOf = (schema: string, reload = false): Promise<Catalog> => {
    let catalog = catalogs.get(schema);
    if (!catalog || reload) {
      catalog = loadCatalog(db, schema).catch((err) => {
        catalogs.delete(schema);
        throw err;
      });
      catalogs.set(schema, catalog);
    }
    return catalog;
  };
  /** The cache, reloaded once when it lacks what a request names (a table or function created since it loaded). */
  const catalogWith = async (schema: string, has: (cat: Catalog) => boolean): Promise<Catalog> => {
    const cat = await catalogOf(schema);
    return has(cat) ? cat : catalogOf(schema, true);
  };
  const argumentNames = async (schema: string, fn: string): Promise<Set<string>> => {
    const cat = await catalogWith(schema, (c) => c.functions.has(fn));
    return new Set(cat.functions.get(fn)?.flatMap((f) => f.args.map((a) => a.name)) ?? []);
  };

  async function claimsOf(req: Request): Promise<Claims> {
    try {
      return requestToken(req) === null ? { role: 'anon' } : await requestClaims(req, config);
    } catch (err) {
      if (err instanceof AuthError) throw Errors.jwt(err.message);
      throw err;
    }
  }

  async function respond(req: Request, request: ApiRequest, claims: Claims): Promise<Response> {
    const settings = db.roleSettings.get(roleOf(claims))?.settings;
    const ctx = requestContext(request, settings?.get('pgrst.db_tx_end'));
    const aggregates = settings?.get('pgrst.db_aggregates_enabled') === 'true';
    const { schema, target, query, prefer, format } = request;
    /** `Accept: application/vnd.pgrst.plan…`, producible only with `db-plan-enabled` (else 406 PGRST107). */
    const explain = async (stmt: Statement, plan: PlanFormat): Promise<Response> => {
      if (settings?.get('pgrst.db_plan_enabled') !== 'true') throw Errors.mediaTypeUnavailable([plan.mime]);
      return planResponse(request, plan, await exec.explain(claims, ctx, stmt, plan));
    };

    if (request.action === 'root') return rootResponse(await catalogOf(schema));

    if (request.action === 'call') {
      const cat = await catalogWith(schema, (c) => c.functions.has(target));
      const body = request.method === 'POST' ? await readPayload(req, true) : Object.fromEntries(query.args);
      const plan = planCall(
        cat,
        target,
        cat.functions.get(target) ?? [],
        body,
        request.method === 'POST',
        query,
        aggregates,
      );
      const stmt = callStatement(cat, plan, query.root, format, prefer.count !== undefined, maxRows);
      if (format.plan) return explain(stmt, format.plan);
      const result = await exec.run(
        claims,
        ctx,
        stmt,
        plan.fn.returnsSet && plan.returns !== 'void' ? request.maxAffected : null,
      );
      return callResponse(request, plan, result, preferenceApplied(request, ctx.txOverride, null));
    }

    const cat = await catalogWith(schema, (c) => c.tables.has(target));
    const table = tableOf(cat, target);
    if (request.action === 'read') {
      const node = planRead(cat, table, query, aggregates);
      const stmt = readStatement(cat, node, format, prefer.count, maxRows);
      if (node.items.some((i) => i.kind === 'embed')) await exec.checkCost(claims, stmt);
      if (format.plan) return explain(stmt, format.plan);
      const result = await exec.run(claims, ctx, stmt);
      // count=exact counts; estimated counts up to max_rows and beyond it takes the planner's estimate; planned
      // takes the estimate (PostgREST's three count modes).
      if (
        prefer.count === 'planned' ||
        (prefer.count === 'estimated' && maxRows !== null && (result.total ?? 0) > maxRows)
      )
        result.total = await exec.plannedRows(claims, countStatement(cat, node));
      return readResponse(request, result, preferenceApplied(request, ctx.txOverride, null));
    }

    const returning = planRead(cat, table, query, aggregates);
    const plan =
      request.action === 'insert'
        ? planInsert(table, query, prefer, await readPayload(req, false), returning)
        : request.action === 'update'
          ? planUpdate(table, query, await readPayload(req, false), returning)
          : planDelete(table, query, returning);
    const stmt = mutateStatement(cat, plan, format, prefer.return === 'representation');
    if (format.plan && stmt) return explain(stmt, format.plan);
    const result =
      stmt === null
        ? { body: '[]', n: 0 }
        : await exec.run(claims, ctx, stmt, plan.kind === 'insert' ? null : request.maxAffected);
    return mutateResponse(request, plan, result, preferenceApplied(request, ctx.txOverride, plan));
  }

  return async function handle(req: Request): Promise<Response> {
    let role = 'anon';
    try {
      const claims = await claimsOf(req);
      role = roleOf(claims);
      const request = await apiRequest(req, schemas, argumentNames);
      return await respond(req, request, claims);
    } catch (err) {
      const e = err instanceof ApiError ? err : fromPgError(err, role);
      if (e.status === 500) console.error('[rest]', err);
      return json(e.body(), e.status);
    }
  };
}
