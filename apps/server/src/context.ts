/** The application context handed to services: configuration, database and logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '@sextant/db';
import type { Config } from './config.ts';
import type { Proq } from './proq/index.ts';

export interface AppContext {
  config: Config;
  dbh: DbHandle;
  db: Db;
  log: FastifyBaseLogger;
  /** The command queue: enqueue from any process; the worker runs only where --services includes worker. */
  proq: Proq;
}
