/**
 * Prints the API's OpenAPI document (JSON) on standard output: the app is built — every module registered, the same
 * route schemas the server validates with — but never listens and never touches a database (a handle that refuses
 * every query stands in). `npm run api:generate` turns the document into the web's typed client
 * (scripts/api-client.mjs).
 */
import type { DbHandle } from '@sextant/db';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';

const refuse = (): never => {
  throw new Error('the OpenAPI document is built without a database');
};
const dbh = {
  db: new Proxy({}, { get: refuse }),
  kind: 'pglite',
  query: async () => refuse(),
  close: async () => undefined,
} as unknown as DbHandle;

const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, dbh, web: false, logger: false });
await app.ready();
process.stdout.write(JSON.stringify(app.swagger(), null, 2) + '\n');
await app.close();
