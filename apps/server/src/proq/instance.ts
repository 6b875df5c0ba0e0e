/**
 * One ProQ per database handle in a process: the API routes (enqueue validation, cancel/retry, backoff view) and
 * the in-process worker share it. The first caller creates it — with PROQ_* settings from the environment, every
 * command type of the catalog, and the given extras (e.g. the Fastify logger); later callers get the same one.
 *
 * main.ts: `if (services.has('worker')) { const proq = proqFor(dbh); await proq.start(); stops.unshift(() => proq.stop()); }`
 */
import type { DbHandle } from '@sextant/db';
import { commandCatalog } from './catalog.ts';
import { createProq, type Proq, type ProqOptions } from './proq.ts';
import { proqOptionsFromEnv } from './worker-main.ts';

const instances = new WeakMap<DbHandle, Proq>();

export function proqFor(dbh: DbHandle, extra: Partial<Omit<ProqOptions, 'db'>> = {}): Proq {
  let proq = instances.get(dbh);
  if (!proq) {
    proq = createProq({ db: dbh, commandTypes: commandCatalog, ...proqOptionsFromEnv(), ...extra });
    instances.set(dbh, proq);
  }
  return proq;
}
