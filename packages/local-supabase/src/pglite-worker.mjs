// PGlite in a worker thread (plain JavaScript: it is started by Node directly, whatever loader runs the server).
// The engine runs synchronously inside WebAssembly, so on the server's own thread a long statement would freeze
// every request; here it only occupies this thread, and the main thread can stop it by terminating the worker.
// Protocol (one message in flight at a time, the main thread serialises):
//   { id, op: 'open', dataDir }             → { id, ok }
//   { id, op: 'query', text, params }       → { id, rows, affectedRows }
//   { id, op: 'exec', sql }                 → { id }
//   { id, op: 'batch', steps, tx }          → { id, results }   steps: [{ text, params } | { sql }], in one
//                                                                 transaction when tx (BEGIN … COMMIT, ROLLBACK on error)
//   { id, op: 'close' }                     → { id }
// Errors answer { id, error: { message, code, detail, hint, … } }. Notifications arrive as { notify: channel, payload }.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/** @type {PGlite | null} */
let pg = null;

const errorFields = ['code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'severity', 'routine'];

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
      return step(msg);
    case 'exec':
      await pg.exec(msg.sql);
      return {};
    case 'batch': {
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
