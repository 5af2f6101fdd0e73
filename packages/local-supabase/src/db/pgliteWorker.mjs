// PGlite in a worker thread (plain JavaScript: it is started by Node directly, whatever loader runs the server).
// The engine runs synchronously inside WebAssembly, so on the server's own thread a long statement would freeze
// every request; here it only occupies this thread, and the main thread can stop it by terminating the worker.
// Protocol (one message in flight at a time, the main thread serialises):
//   { id, op: 'open', dataDir }             → { id, ok }
//   { id, op: 'query', text, params }       → { id, rows, affectedRows }
//   { id, op: 'exec', sql }                 → { id }
//   { id, op: 'batch', steps, tx }          → { id, results }   steps: [{ text, params } | { sql }], in one
//                                                                 transaction when tx (BEGIN … COMMIT, ROLLBACK on error);
//                                                                 one statement in a transaction is one protocol call
//   { id, op: 'close' }                     → { id }    after which 'open' may come again (another data directory)
// Errors answer { id, error: { message, code, detail, hint, … } }. Notifications arrive as { notify: channel, payload }.
import { parentPort } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/** @type {PGlite | null} */
let pg = null;

/**
 * The parameter types of statements already described, by text (least recently used leave first). PGlite's own
 * query() describes every statement before binding it (its serializers go by type); a statement's parameter types
 * follow from its text and the schema, so they are kept until a script or a schema change could alter them.
 */
const paramTypes = new Map();
const PARAM_TYPES_KEPT = 500;
const SCHEMA_CHANGE =
  /^\s*(alter|create|drop|comment|grant|revoke|reindex|truncate|do|call|select\s+pg_reload)/i;

async function typesOf(text) {
  let types = paramTypes.get(text);
  if (types) {
    paramTypes.delete(text);
  } else {
    try {
      types = (await pg.describeQuery(text)).queryParams.map((p) => p.dataTypeID);
    } catch {
      // Not a statement the engine can prepare outside the request's transaction: run it the long way, whose error
      // (after the prelude) is the answer.
      return null;
    }
    if (paramTypes.size >= PARAM_TYPES_KEPT) paramTypes.delete(paramTypes.keys().next().value);
  }
  paramTypes.set(text, types);
  return types;
}

const { serialize } = protocol;

/**
 * One statement in its own transaction, in one call into the engine: the simple query `BEGIN; prelude`, the
 * statement (parse, bind, describe, execute, sync; parameters serialised as PGlite's query() serialises them) and
 * COMMIT or ROLLBACK go in as one protocol message sequence, where PGlite's exec + query + exec take ten calls.
 * The first error is the answer: after a failed prelude the statement fails as in an aborted transaction, and the
 * closing COMMIT of an aborted transaction rolls it back.
 */
async function runOne({ begin, text, params = [], rollback }) {
  const types = await typesOf(text);
  if (!types) return null;
  const values = params.map((v, i) => {
    if (v === null || v === undefined) return null;
    const serializer = pg.serializers[types[i]];
    return serializer ? serializer(v) : v.toString();
  });
  const parts = [
    serialize.query(begin ?? 'begin'),
    serialize.parse({ text }),
    serialize.bind({ values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
    serialize.query(rollback ? 'rollback' : 'commit'),
  ];
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    message.set(p, at);
    at += p.length;
  }
  let messages;
  try {
    ({ messages } = await pg.execProtocol(message, { throwOnError: true }));
  } catch (err) {
    // The engine ran the whole sequence (the transaction is over); a statement that failed may have failed for a
    // schema change its cached parameter types do not know of.
    paramTypes.delete(text);
    throw err;
  }
  // The statement's messages lie between the prelude's ReadyForQuery and the one after its Sync.
  const ready = [];
  messages.forEach((m, i) => m.name === 'readyForQuery' && ready.push(i));
  const own = messages.slice(ready[0] + 1, ready[1] + 1);
  const [r] = parse.parseResults(own, pg.parsers);
  return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
}

const errorFields = [
  'code',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'severity',
  'routine',
];

function serialiseError(err) {
  const out = { message: err instanceof Error ? err.message : String(err) };
  if (err && typeof err === 'object') for (const k of errorFields) if (err[k] !== undefined) out[k] = err[k];
  return out;
}

async function step(s) {
  if (s.sql !== undefined) {
    await pg.exec(s.sql);
    return null;
  }
  const r = await pg.query(s.text, s.params ?? []);
  return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
}

async function handle(msg) {
  switch (msg.op) {
    case 'open':
      pg = await PGlite.create(`${msg.dataDir}/pgdata`, {
        pgliteWasmModule: msg.pgliteWasmModule,
        initdbWasmModule: msg.initdbWasmModule,
        fsBundle: new Blob([msg.fsBundle]),
        // Hosted Supabase has pgcrypto in the extensions schema; PGlite ships it as a loadable extension.
        extensions: { pgcrypto },
      });
      pg.onNotification((channel, payload) => parentPort.postMessage({ notify: channel, payload }));
      return {};
    case 'query':
      if (SCHEMA_CHANGE.test(msg.text)) paramTypes.clear();
      return step(msg);
    case 'exec':
      paramTypes.clear();
      await pg.exec(msg.sql);
      return {};
    case 'batch': {
      if (msg.tx && msg.steps.length === 1 && msg.steps[0].text !== undefined) {
        const one = await runOne({ begin: msg.begin, rollback: msg.rollback, ...msg.steps[0] });
        if (one) return { results: [one] };
      }
      const results = [];
      if (msg.tx) await pg.exec(msg.begin ?? 'begin');
      try {
        for (const s of msg.steps) results.push(await step(s));
        if (msg.tx) await pg.exec(msg.rollback ? 'rollback' : 'commit');
      } catch (err) {
        if (msg.tx) await pg.exec('rollback').catch(() => undefined);
        throw err;
      }
      return { results };
    }
    case 'close':
      await pg?.close();
      pg = null;
      // The thread may open another data directory next (pglite.ts keeps it for the process's next engine).
      paramTypes.clear();
      return {};
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (out) => parentPort.postMessage({ id: msg.id, ...out }),
    (err) => parentPort.postMessage({ id: msg.id, error: serialiseError(err) }),
  );
});
