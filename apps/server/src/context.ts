/** The application context handed to services: configuration, database and logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '@sextant/db';
import type { Config } from './config.ts';

export interface AppContext {
  config: Config;
  dbh: DbHandle;
  db: Db;
  log: FastifyBaseLogger;
}
