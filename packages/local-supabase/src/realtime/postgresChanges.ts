/**
 * Postgres changes: captured at commit by the triggers of src/platform/40_realtime.sql (NOTIFY, so in commit
 * order and never from a rolled-back transaction), then filtered, checked against row-level security as each
 * subscriber's own role and claims, and shaped per role the way hosted Realtime's realtime.apply_rls() does.
 */
import type { Database } from '../db.ts';
import type { Claims } from '../jwt.ts';
import {
  filterPredicate,
  paramsToLog,
  type Action,
  type Filter,
  type SubscriptionParams,
} from './filters.ts';
import { quoteIdent } from '../text.ts';

/** The side of a channel that receives database changes. */
export interface ChangeSubscriber {
  /** `dataJson` is `data` serialised (once for every subscriber it goes to). */
  deliver(ids: number[], data: ChangeData, dataJson: string): void;
}

export interface ChangeData {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string | null;
  columns: { name: string; type: string }[] | null;
  errors: string[] | null;
  record?: Record<string, unknown> | null;
  old_record?: Record<string, unknown> | null;
}

interface Subscription {
  id: number;
  subscriber: ChangeSubscriber;
  params: SubscriptionParams;
  oid: number;
  role: string;
  claims: string;
}

interface Column {
  name: string;
  type: string;
  /** regtype text, used to cast filter values. */
  regtype: string;
}

interface TableMeta {
  oid: number;
  schema: string;
  table: string;
  columns: Column[];
  pk: string[];
  rls: boolean;
  /** Columns of the old row that a change carries (REPLICA IDENTITY). */
  identity: string[];
  /** Per role: selectable columns; null when the role does not exist. */
  privileges: Map<string, Set<string> | null>;
}

interface RawChange {
  kind: 'change';
  seq: number;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/** Hosted Realtime's max_record_bytes: bigger records carry only their small values and an error. */
const MAX_RECORD_BYTES = 1024 * 1024;
const BATCH = 200;
/** On PostgreSQL the RLS checks of a batch run on up to this many pool connections at once. */
const RLS_PARALLEL = 4;
/** Row checks (subscribers × rows) per RLS query: a few tens of milliseconds of engine time. */
const PROBES_PER_QUERY = 1000;

/** Counters for the benchmark: how changes were batched and where the time went (ms). */
export interface ChangeStats {
  batches: number;
  changes: number;
  largestBatch: number;
  deliveries: number;
  /** Filters and RLS checks (database round trips). */
  checkMs: number;
  /** Shaping and sending the messages. */
  dispatchMs: number;
}

export type SubscribeResult = { ok: true } | { ok: false; message: string; retry: boolean };

/** `ERROR 22P02 (invalid_text_representation) …`, as Postgrex renders a database error. */
function postgresError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const names: Record<string, string> = {
    P0001: 'raise_exception',
    '22P02': 'invalid_text_representation',
    '22007': 'invalid_datetime_format',
    '22008': 'datetime_field_overflow',
    '22003': 'numeric_value_out_of_range',
    '22001': 'string_data_right_truncation',
    '2201B': 'invalid_regular_expression',
    '42704': 'undefined_object',
    '42P01': 'undefined_table',
  };
  return e.code
    ? `ERROR ${e.code} (${names[e.code] ?? 'error'}) ${e.message ?? ''}`
    : String(e.message ?? err);
}

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export class PostgresChanges {
  private byOid = new Map<number, Set<Subscription>>();
  private bySubscriber = new Map<ChangeSubscriber, Subscription[]>();
  private meta = new Map<string, Promise<TableMeta | null>>();
  private bypass = new Map<string, Promise<boolean>>();
  private queue: string[] = [];
  private draining = false;
  private idle: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>)[] = [];
  private broadcastHandler: (msg: {
    id: string;
    topic: string;
    event: string;
    private: boolean;
    payload: unknown;
  }) => void = () => undefined;

  readonly stats: ChangeStats = {
    batches: 0,
    changes: 0,
    largestBatch: 0,
    deliveries: 0,
    checkMs: 0,
    dispatchMs: 0,
  };

  constructor(private readonly db: Database) {}

  /** Starts listening; `onBroadcast` receives rows inserted into realtime.messages (realtime.send()). */
  async start(onBroadcast: PostgresChanges['broadcastHandler']): Promise<void> {
    this.broadcastHandler = onBroadcast;
    await this.db.query('select realtime.sync_capture_triggers()');
    this.unlisten.push(await this.db.listen('realtime_changes', (payload) => this.enqueue(payload)));
    this.unlisten.push(
      await this.db.listen('realtime_ddl', () => {
        this.meta.clear();
        this.bypass.clear();
      }),
    );
  }

  async stop(): Promise<void> {
    for (const u of this.unlisten.splice(0)) await u().catch(() => undefined);
    await this.idle;
  }

  /** Resolves once every change notified so far has been delivered (tests and the benchmark use it). */
  settled(): Promise<void> {
    return this.idle;
  }

  /**
   * Validates and registers a channel's subscriptions, all or none, replacing what it had (a refreshed
   * token re-subscribes with its new claims).
   */
  async subscribe(
    subscriber: ChangeSubscriber,
    list: { id: number; params: SubscriptionParams }[],
    claims: Claims,
  ): Promise<SubscribeResult> {
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    const claimsText = JSON.stringify(claims);
    const subs: Subscription[] = [];
    try {
      await this.db.query('select realtime.sync_capture_triggers()');
      for (const { id, params } of list) {
        const { rows } = await this.db.query<{ oid: number }>(
          `select format('%I.%I', schemaname, tablename)::regclass::oid::int as oid from pg_catalog.pg_publication_tables
           where pubname = 'supabase_realtime'
             and schemaname like (case $1 when '*' then '%' else $1 end) escape ''
             and tablename like (case $2 when '*' then '%' else $2 end) escape ''`,
          [params.schema, params.table],
        );
        if (rows.length === 0)
          return {
            ok: false,
            retry: false,
            message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(params)}]`,
          };
        for (const { oid } of rows) {
          try {
            await this.db.query(
              'select realtime.check_subscription($1::oid::regclass, $2, $3::jsonb, $4::text[])',
              [
                oid,
                role,
                JSON.stringify(params.filters.map((f) => [f.column, f.op, f.value, f.negate])),
                params.select,
              ],
            );
          } catch (err) {
            return {
              ok: false,
              retry: false,
              message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${paramsToLog(params)}]. Exception: ${postgresError(err)}`,
            };
          }
          subs.push({ id, subscriber, params, oid, role, claims: claimsText });
        }
      }
    } catch (err) {
      return { ok: false, retry: true, message: postgresError(err) };
    }
    this.unsubscribe(subscriber);
    this.bySubscriber.set(subscriber, subs);
    for (const s of subs) {
      let set = this.byOid.get(s.oid);
      if (!set) this.byOid.set(s.oid, (set = new Set()));
      set.add(s);
    }
    return { ok: true };
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    for (const s of this.bySubscriber.get(subscriber) ?? []) {
      const set = this.byOid.get(s.oid);
      set?.delete(s);
      if (set && set.size === 0) this.byOid.delete(s.oid);
    }
    this.bySubscriber.delete(subscriber);
  }

  private enqueue(payload: string): void {
    this.queue.push(payload);
    if (!this.draining) {
      this.draining = true;
      this.idle = this.drain();
    }
  }

  /** One batch at a time, in notification (= commit) order. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, BATCH);
        try {
          await this.process(batch);
        } catch (err) {
          console.error('[realtime] postgres changes batch failed:', err);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async process(batch: string[]): Promise<void> {
    const items: (
      | RawChange
      | { kind: 'broadcast'; id: string; topic: string; event: string; private: boolean; payload: unknown }
    )[] = [];
    for (const text of batch) {
      let parsed = JSON.parse(text) as { overflow?: number; kind?: string };
      if (parsed.overflow !== undefined) {
        const { rows } = await this.db.query<{ payload: unknown }>(
          'delete from realtime.change_overflow where id = $1 returning payload',
          [parsed.overflow],
        );
        if (!rows[0]) continue;
        parsed = jsonOf(rows[0].payload);
      }
      items.push(parsed as (typeof items)[number]);
    }
    // Resolve each change's table and the subscriptions that want it.
    const resolved: { change: RawChange; meta: TableMeta; subs: Subscription[] }[] = [];
    const plan: ({ kind: 'change'; index: number } | { kind: 'broadcast'; item: (typeof items)[number] })[] =
      [];
    for (const item of items) {
      if (item.kind === 'broadcast') {
        plan.push({ kind: 'broadcast', item });
        continue;
      }
      const change = item as RawChange;
      const meta = await this.tableMeta(change.schema, change.table);
      if (!meta) continue;
      const subs = [...(this.byOid.get(meta.oid) ?? [])].filter(
        (s) => s.params.action === '*' || s.params.action === change.type,
      );
      if (subs.length === 0) continue;
      plan.push({ kind: 'change', index: resolved.length });
      resolved.push({ change, meta, subs });
    }
    const checked = performance.now();
    const visible = await this.visibility(resolved);
    const dispatching = performance.now();
    this.stats.batches++;
    this.stats.changes += resolved.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, resolved.length);
    this.stats.checkMs += dispatching - checked;
    for (const step of plan) {
      if (step.kind === 'broadcast') {
        const b = step.item as {
          id: string;
          topic: string;
          event: string;
          private: boolean;
          payload: unknown;
        };
        this.broadcastHandler(b);
        continue;
      }
      await this.dispatch(resolved[step.index]!, visible[step.index]!);
    }
    this.stats.dispatchMs += performance.now() - dispatching;
  }

  /** For each resolved change, the subscriptions allowed to see it (filters, then RLS), in one or two queries per table. */
  private async visibility(
    resolved: { change: RawChange; meta: TableMeta; subs: Subscription[] }[],
  ): Promise<Set<Subscription>[]> {
    const result = resolved.map(() => new Set<Subscription>());
    const byTable = new Map<number, number[]>();
    resolved.forEach((r, i) => {
      const list = byTable.get(r.meta.oid) ?? [];
      list.push(i);
      byTable.set(r.meta.oid, list);
    });
    for (const indexes of byTable.values()) {
      const meta = resolved[indexes[0]!]!.meta;
      // Which rows each filtered subscription's filters let through.
      const passes = await this.evaluateFilters(
        meta,
        indexes.map((i) => resolved[i]!),
      );
      // Candidates needing an RLS check: inserts and updates on an RLS table, by claims.
      const rlsRows = new Map<number, number>();
      const rlsSubs = new Map<string, { k: number; role: string; claims: string }>();
      const pending: { i: number; s: Subscription }[] = [];
      for (const [n, i] of indexes.entries()) {
        const { change, subs } = resolved[i]!;
        for (const s of subs) {
          if (!(passes.get(s)?.[n] ?? true)) continue;
          if (change.type === 'DELETE' || !meta.rls || !meta.pk.length || (await this.bypassesRls(s.role))) {
            result[i]!.add(s);
            continue;
          }
          const key = `${s.role}\u0000${s.claims}`;
          if (!rlsSubs.has(key)) rlsSubs.set(key, { k: rlsSubs.size, role: s.role, claims: s.claims });
          if (!rlsRows.has(n)) rlsRows.set(n, rlsRows.size);
          pending.push({ i, s });
        }
      }
      if (pending.length === 0) continue;
      const rowOf = [...rlsRows.keys()];
      const keys = rowOf.map((n) =>
        Object.fromEntries(meta.pk.map((c) => [c, resolved[indexes[n]!]!.change.record?.[c] ?? null])),
      );
      // By role, so that each role's plan is made once. In parts of about PROBES_PER_QUERY row checks, so that
      // a REST request waiting for the engine (PGlite has one) waits for one part, not for the whole fan-out;
      // on PostgreSQL up to RLS_PARALLEL parts run at once, one connection each.
      const subscribers = [...rlsSubs.values()].sort((a, b) =>
        a.role < b.role ? -1 : a.role > b.role ? 1 : 0,
      );
      const size = Math.max(1, Math.floor(PROBES_PER_QUERY / keys.length));
      const parts: (typeof subscribers)[] = [];
      for (let p = 0; p < subscribers.length; p += size) parts.push(subscribers.slice(p, p + size));
      const rows: { subscriber: number; row_index: number }[] = [];
      const check = async (part: typeof subscribers) => {
        const r = await this.db.query<{ subscriber: number; row_index: number }>(
          'select subscriber, row_index from realtime.visible_rows($1::oid::regclass, $2::text[], $3::jsonb, $4::jsonb)',
          [meta.oid, meta.pk, JSON.stringify(keys), JSON.stringify(part)],
        );
        rows.push(...r.rows);
      };
      const lanes = this.db.engine === 'postgres' ? RLS_PARALLEL : 1;
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(lanes, parts.length) }, async () => {
          while (next < parts.length) await check(parts[next++]!);
        }),
      );
      const seen = new Set(rows.map((r) => `${r.subscriber}:${indexes[rowOf[r.row_index]!]}`));
      for (const { i, s } of pending) {
        const k = rlsSubs.get(`${s.role}\u0000${s.claims}`)!.k;
        if (seen.has(`${k}:${i}`)) result[i]!.add(s);
      }
    }
    return result;
  }

  /**
   * Evaluates the distinct filter sets of a table's subscriptions over its changes in one query (the values
   * typed by the table's own row type, compared by PostgreSQL's operators). A filter on a column the change
   * does not carry (an old row without it) fails, as in Realtime.
   */
  private async evaluateFilters(
    meta: TableMeta,
    changes: { change: RawChange; subs: Subscription[] }[],
  ): Promise<Map<Subscription, boolean[]>> {
    const out = new Map<Subscription, boolean[]>();
    const sets = new Map<string, { filters: Filter[]; subs: Subscription[] }>();
    for (const { subs } of changes)
      for (const s of subs) {
        if (!s.params.filters.length || out.has(s)) continue;
        out.set(s, []);
        const key = JSON.stringify(s.params.filters);
        const set = sets.get(key) ?? { filters: s.params.filters, subs: [] };
        set.subs.push(s);
        sets.set(key, set);
      }
    if (sets.size === 0) return out;
    const records = changes.map(({ change }) => this.filterRecord(meta, change));
    const params: unknown[] = [JSON.stringify(records)];
    const types = new Map(meta.columns.map((c) => [c.name, c.regtype]));
    const exprs = [...sets.values()].map(({ filters }) =>
      filters
        .map((f) => {
          const type = types.get(f.column);
          if (!type) return 'false';
          params.push(f.op === 'is' ? null : f.value);
          return `(k.j ? ${`'${f.column.replace(/'/g, "''")}'`} and ${filterPredicate(f, type, params.length)})`;
        })
        .join(' and '),
    );
    let rows: Record<string, boolean>[] = [];
    try {
      rows = (
        await this.db.query<Record<string, boolean>>(
          `select ${exprs.map((e, n) => `${e} as f${n}`).join(', ')}
           from jsonb_array_elements($1::jsonb) with ordinality k(j, i)
           cross join lateral jsonb_populate_record(null::${quoteRel(meta)}, k.j) r order by k.i`,
          params,
        )
      ).rows;
    } catch (err) {
      console.error(
        `[realtime] filter evaluation on ${meta.schema}.${meta.table} failed:`,
        (err as Error).message,
      );
    }
    [...sets.values()].forEach(({ subs }, n) => {
      const column = rows.map((r) => r[`f${n}`] === true);
      for (const s of subs)
        out.set(
          s,
          changes.map((_, i) => column[i] ?? false),
        );
    });
    return out;
  }

  /** The values filters see: the new row, or for a delete the old row's identity columns. */
  private filterRecord(meta: TableMeta, change: RawChange): Record<string, unknown> {
    if (change.type !== 'DELETE') return change.record ?? {};
    return pick(change.old_record ?? {}, meta.identity);
  }

  private async dispatch(
    r: { change: RawChange; meta: TableMeta; subs: Subscription[] },
    visible: Set<Subscription>,
  ): Promise<void> {
    const { change, meta } = r;
    // Per role (and column selection), the payload every subscriber of that kind receives.
    const shapes = new Map<string, ChangeData>();
    // A channel gets one message per payload shape, naming every one of its subscriptions it answers.
    const bySubscriber = new Map<ChangeSubscriber, Map<ChangeData, number[]>>();
    for (const s of r.subs) {
      const privileges = await this.privileges(meta, s.role);
      const pkReadable = meta.pk.every((c) => privileges?.has(c));
      let data: ChangeData | undefined;
      const base = { schema: meta.schema, table: meta.table, type: change.type };
      if (change.type !== 'DELETE' && meta.pk.length === 0) {
        data = {
          ...base,
          columns: null,
          commit_timestamp: null,
          errors: ['Error 400: Bad Request, no primary key'],
          record: null,
        };
      } else if (change.type !== 'DELETE' && !pkReadable) {
        data = {
          ...base,
          columns: null,
          commit_timestamp: null,
          errors: ['Error 401: Unauthorized'],
          record: null,
        };
      } else if (visible.has(s)) {
        const key = `${s.role}\u0000${s.params.select?.join(',') ?? ''}`;
        data = shapes.get(key);
        if (!data)
          shapes.set(key, (data = this.shape(meta, change, privileges ?? new Set(), s.params.select)));
      }
      if (!data) continue;
      let messages = bySubscriber.get(s.subscriber);
      if (!messages) bySubscriber.set(s.subscriber, (messages = new Map()));
      const ids = messages.get(data) ?? [];
      if (!ids.includes(s.id)) ids.push(s.id);
      messages.set(data, ids);
    }
    const json = new Map<ChangeData, string>();
    for (const [subscriber, messages] of bySubscriber)
      for (const [data, ids] of messages) {
        let text = json.get(data);
        if (text === undefined) json.set(data, (text = JSON.stringify(data)));
        subscriber.deliver(ids, data, text);
        this.stats.deliveries++;
      }
  }

  private shape(
    meta: TableMeta,
    change: RawChange,
    privileges: Set<string>,
    select: string[] | null,
  ): ChangeData {
    const pk = new Set(meta.pk);
    const shown = (name: string) =>
      privileges.has(name) && (!select || select.includes(name) || pk.has(name));
    const size = JSON.stringify(change.record ?? change.old_record ?? {}).length;
    const tooBig = size > MAX_RECORD_BYTES;
    const keep = (record: Record<string, unknown>, names: Iterable<string>) => {
      const out: Record<string, unknown> = {};
      for (const name of names) {
        if (!(name in record) || !shown(name)) continue;
        if (tooBig && JSON.stringify(record[name]).length > 64) continue;
        out[name] = record[name];
      }
      return out;
    };
    const data: ChangeData = {
      schema: meta.schema,
      table: meta.table,
      type: change.type,
      commit_timestamp: change.commit_timestamp,
      columns: meta.columns.filter((c) => shown(c.name)).map((c) => ({ name: c.name, type: c.type })),
      errors: tooBig ? ['Error 413: Payload Too Large'] : null,
    };
    if (change.type !== 'DELETE')
      data.record = keep(
        change.record ?? {},
        meta.columns.map((c) => c.name),
      );
    if (change.type === 'UPDATE') data.old_record = keep(change.old_record ?? {}, meta.identity);
    if (change.type === 'DELETE')
      // With RLS on, a delete cannot be checked against the (gone) row: only its primary key is sent.
      data.old_record = keep(
        change.old_record ?? {},
        meta.rls ? meta.identity.filter((c) => pk.has(c)) : meta.identity,
      );
    return data;
  }

  private tableMeta(schema: string, table: string): Promise<TableMeta | null> {
    // Cached by name until the next DDL notification.
    const key = `${schema}\u0000${table}`;
    let found = this.meta.get(key);
    if (!found) {
      found = this.loadMeta(schema, table).catch(() => null);
      this.meta.set(key, found);
    }
    return found;
  }

  private async loadMeta(schema: string, table: string): Promise<TableMeta | null> {
    const { rows } = await this.db.query<{
      oid: number;
      rls: boolean;
      ident: string;
      columns: unknown;
      pk: unknown;
      idx: unknown;
    }>(
      `select c.oid::int as oid, c.relrowsecurity as rls, c.relreplident::text as ident,
         (select json_agg(json_build_object('name', a.attname, 'type', t.typname, 'regtype', a.atttypid::regtype::text) order by a.attnum)
            from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
         (select json_agg(a.attname order by a.attnum) from pg_catalog.pg_constraint k
            join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(k.conkey)
            where k.conrelid = c.oid and k.contype = 'p') as pk,
         (select json_agg(a.attname order by a.attnum) from pg_catalog.pg_index i
            join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisreplident) as idx
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = $2`,
      [schema, table],
    );
    const row = rows[0];
    if (!row) return null;
    const columns = jsonOf<Column[]>(row.columns) ?? [];
    const pk = jsonOf<string[] | null>(row.pk) ?? [];
    const identity =
      row.ident === 'f'
        ? columns.map((c) => c.name)
        : row.ident === 'i'
          ? (jsonOf<string[] | null>(row.idx) ?? [])
          : row.ident === 'n'
            ? []
            : pk;
    return { oid: row.oid, schema, table, columns, pk, rls: row.rls, identity, privileges: new Map() };
  }

  private async privileges(meta: TableMeta, role: string): Promise<Set<string> | null> {
    if (meta.privileges.has(role)) return meta.privileges.get(role)!;
    const { rows } = await this.db.query<{ name: string }>(
      `select a.attname as name from pg_catalog.pg_attribute a
       where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
         and exists (select 1 from pg_catalog.pg_roles where rolname = $2)
         and pg_catalog.has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
      [meta.oid, role],
    );
    const set = new Set(rows.map((r) => r.name));
    meta.privileges.set(role, set);
    return set;
  }

  private bypassesRls(role: string): Promise<boolean> {
    let found = this.bypass.get(role);
    if (!found) {
      found = this.db
        .query<{ bypass: boolean }>(
          'select rolbypassrls or rolsuper as bypass from pg_catalog.pg_roles where rolname = $1',
          [role],
        )
        .then((r) => !!r.rows[0]?.bypass)
        .catch(() => false);
      this.bypass.set(role, found);
    }
    return found;
  }
}

const pick = (record: Record<string, unknown>, names: string[]): Record<string, unknown> =>
  Object.fromEntries(names.filter((n) => n in record).map((n) => [n, record[n]]));

const quoteRel = (meta: TableMeta): string => `${quoteIdent(meta.schema)}.${quoteIdent(meta.table)}`;

export type { Action };
