// The analytics sandbox of the embedded database (ADR 0006): a worker thread with its own in-memory PGlite that
// holds only a copy of the documented analytics views, loaded by trusted code in the main thread. Queries run here
// as a role that can read those tables only, with the dangerous functions not executable; the main thread
// terminates this worker when a query runs too long, so the main database and the event loop are never held.
// Plain JavaScript so it starts the same under tsx, vitest and node (no TypeScript loader inside the worker).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { readerRole, dangerousFunctions, image } = workerData;
const ident = (name) => `"${String(name).replaceAll('"', '""')}"`;

// The first worker compiles PGlite and runs initdb plus the set-up below, then hands the compiled module and a dump
// of its data directory to the main thread; later workers (after a timeout) start from those in a fraction of it.
let db;
let made;
if (image) {
  db = new PGlite({ pgliteWasmModule: image.module, loadDataDir: new Blob([image.dump]) });
  await db.waitReady;
} else {
  const { readFile } = await import('node:fs/promises');
  const wasm = await readFile(new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite')));
  const module = await WebAssembly.compile(wasm);
  db = new PGlite({ pgliteWasmModule: module });
  await db.waitReady;
  await db.exec(`create role ${ident(readerRole)} nologin`);
  // The worker's own superuser owns the catalog, so the functions can be revoked from PUBLIC without exception.
  const fns = await db.query(`select p.oid::regprocedure::text as f from pg_proc p where p.proname ~ $1`, [
    dangerousFunctions,
  ]);
  for (const { f } of fns.rows) await db.exec(`revoke execute on function ${f} from public`);
  const dump = await (await db.dumpDataDir('none')).arrayBuffer();
  made = { module, dump };
}

/** Replaces the analytics schema by the snapshot: one table per view, filled with COPY from the view's text form. */
async function load(tables) {
  await db.transaction(async (tx) => {
    await tx.exec('drop schema if exists analytics cascade; create schema analytics');
    for (const t of tables) {
      const cols = t.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
      await tx.exec(`create table analytics.${ident(t.name)} (${cols})`);
      if (t.data.byteLength > 0)
        await tx.query(`copy analytics.${ident(t.name)} from '/dev/blob'`, [], { blob: new Blob([t.data]) });
    }
    await tx.exec(
      `grant usage on schema analytics to ${ident(readerRole)}; ` +
        `grant select on all tables in schema analytics to ${ident(readerRole)}`,
    );
  });
}

async function run(text, params, timeoutMs) {
  return db.transaction(async (tx) => {
    try {
      await tx.query('set transaction read only');
      await tx.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
      await tx.query(`set local role ${ident(readerRole)}`);
      await tx.query('set local search_path = analytics, pg_catalog');
      const r = await tx.query(text, params, {
        rowMode: 'array',
        parsers: { 1082: (v) => v, 1114: (v) => v.replace(' ', 'T') },
      });
      return { fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), rows: r.rows };
    } finally {
      await tx.rollback().catch(() => undefined);
    }
  });
}

const errorOf = (err) => ({
  code: err?.code,
  message: err?.message ?? String(err),
  position: err?.position,
});

parentPort.on('message', async (msg) => {
  try {
    if (msg.type === 'load') {
      await load(msg.tables);
      parentPort.postMessage({ id: msg.id, ok: true });
    } else if (msg.type === 'run') {
      parentPort.postMessage({ id: msg.id, ok: true, result: await run(msg.text, msg.params, msg.timeoutMs) });
    }
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: errorOf(err) });
  }
});
parentPort.postMessage({ type: 'ready', image: made }, made ? [made.dump] : []);
