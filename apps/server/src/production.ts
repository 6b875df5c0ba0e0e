/**
 * Start-up refusals (DESIGN §6): a production server never carries the demo accounts or their default
 * password, and a server reachable from the network is an explicit production set-up. main.ts prints each reason
 * and exits with status 1 before listening.
 */
import { isIP } from 'node:net';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { users, type Db } from '@sextant/db';
import type { Config } from './config.ts';
import { DEMO_USERS } from './seed/demo.ts';
import { verifyPassword } from './lib/passwords.ts';

/** The password the demo accounts get unless DEMO_PASSWORD says otherwise. */
export const DEFAULT_DEMO_PASSWORD = 'demo';

/** Whether `host` (HOST) accepts connections from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** Reasons the configuration must not start (empty: it may). */
export function configRefusals(config: Config): string[] {
  const out: string[] = [];
  const production = config.APP_ENV === 'production';
  if (production && config.demoSeed)
    out.push(
      'APP_ENV=production refuses DEMO_SEED: the demo accounts have a published password. Unset DEMO_SEED and ' +
        'create the first administrator yourself.',
    );
  if (!isLoopbackHost(config.HOST)) {
    const missing = [...(production ? [] : ['APP_ENV=production']), ...(config.PUBLIC_URL ? [] : ['PUBLIC_URL'])];
    if (missing.length)
      out.push(
        `HOST=${config.HOST} is reachable from the network, which needs explicit production settings: set ` +
          `${missing.join(' and ')}, or listen on 127.0.0.1.`,
      );
  }
  return out;
}

/** Demo accounts in the database that still sign in with the default password (checked at a production start). */
export async function accountsWithDefaultPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          DEMO_USERS.map((u) => u.username),
        ),
        isNotNull(users.passwordHash),
        eq(users.isDeactivated, false),
      ),
    );
  const found: string[] = [];
  for (const r of rows) if (await verifyPassword(r.passwordHash, DEFAULT_DEMO_PASSWORD)) found.push(r.username);
  return found;
}

/** Everything that refuses a production start on this database. */
export async function databaseRefusals(config: Config, db: Db): Promise<string[]> {
  if (config.APP_ENV !== 'production') return [];
  const accounts = await accountsWithDefaultPassword(db);
  return accounts.length
    ? [
        `APP_ENV=production refuses the default password: the account(s) ${accounts.join(', ')} sign in with ` +
          `"${DEFAULT_DEMO_PASSWORD}". Change their passwords or deactivate them first.`,
      ]
    : [];
}
