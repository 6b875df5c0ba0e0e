/** The application context handed to services: configuration, database, queue, stored files and logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '@sextant/db';
import type { Config } from './config.ts';
import type { Proq } from './proq/index.ts';
import type { BlobStore } from './lib/blob-store.ts';

export interface AppContext {
  config: Config;
  dbh: DbHandle;
  db: Db;
  log: FastifyBaseLogger;
  /** The command queue: enqueue from any process; the worker runs only where --services includes worker. */
  proq: Proq;
  /** Uploads, resource files and run results: DATA_DIR or object storage (lib/blob-store.ts). */
  blobs: BlobStore;
}
