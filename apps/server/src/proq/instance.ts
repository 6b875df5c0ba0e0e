/**
 * One ProQ per database handle in a process: the API routes (enqueue validation, cancel/retry, backoff view) and
 * the in-process worker share it. The first caller creates it — with every command type of the catalog and the
 * given options (app.ts passes the PROQ_* settings of the configuration, `proqOptions(config)`, and its logger);
 * later callers get the same one.
 */
import type { DbHandle } from '@sextant/db';
import { commandCatalog } from './catalog.ts';
import { createProq, type Proq, type ProqOptions } from './proq.ts';

const instances = new WeakMap<DbHandle, Proq>();

export function proqFor(dbh: DbHandle, extra: Omit<ProqOptions, 'db'> = {}): Proq {
  let proq = instances.get(dbh);
  if (!proq) {
    proq = createProq({ db: dbh, commandTypes: commandCatalog, ...extra });
    instances.set(dbh, proq);
  }
  return proq;
}
