/** System settings (key → JSON value): system mode, app timestamp, augmented text, legal versions. */
import { eq, sql } from 'drizzle-orm';
import { systemSettings, type DbOrTx } from '@sextant/db';
import type { TSystemMode } from '@sextant/shared';
import { refreshAtOf, reloadInBackground, SharedLoads } from '../../lib/refresh-ahead.ts';

export interface SettingValues {
  systemMode: TSystemMode;
  appTimestamp: string;
  augmentedText: boolean;
  latestTermsVersion: string;
  latestPrivacyVersion: string;
}

export const SETTING_DEFAULTS: SettingValues = {
  systemMode: 'Live',
  appTimestamp: new Date(0).toISOString(),
  augmentedText: false,
  latestTermsVersion: '2025-01',
  latestPrivacyVersion: '2025-01',
};

/**
 * Settings are read on every request (the system mode), so each database handle keeps them for SETTINGS_TTL_MS;
 * setSetting clears this process's copy at once, other processes (PostgreSQL deployments) see a change within the
 * TTL. Reads inside a transaction are not cached. Not all at once (lib/refresh-ahead.ts): a hit past the value's
 * refresh point is served while one background read replaces it, and concurrent misses share one read — at 200
 * connections every request in flight when the value expired read it again, each through the database pool.
 */
export const SETTINGS_TTL_MS = 2_000;
interface Slot {
  value: unknown;
  until: number;
  refreshAt: number;
}
let settingsCache = new WeakMap<object, Map<string, Slot>>();
/** Reads in flight per database handle and key (replaced with the cache, so a read from before a change is not joined). */
let settingsLoads = new WeakMap<object, SharedLoads<unknown>>();
let generation = 0;

export async function getSetting<K extends keyof SettingValues>(db: DbOrTx, key: K): Promise<SettingValues[K]> {
  if ('rollback' in db) return readSetting(db, key);
  const now = Date.now();
  const hit = settingsCache.get(db)?.get(key);
  if (hit && hit.until > now) {
    if (hit.refreshAt <= now && !settingsLoads.get(db)?.has(key))
      reloadInBackground(
        () => sharedRead(db, key),
        () => undefined, // the next request after the TTL reads it (and reports a failure)
      );
    return hit.value as SettingValues[K];
  }
  return sharedRead(db, key);
}

async function readSetting<K extends keyof SettingValues>(db: DbOrTx, key: K): Promise<SettingValues[K]> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  return (row?.value as SettingValues[K] | undefined) ?? SETTING_DEFAULTS[key];
}

/** One read at a time per handle and key; stored unless the settings were forgotten meanwhile. */
function sharedRead<K extends keyof SettingValues>(db: DbOrTx, key: K): Promise<SettingValues[K]> {
  const loads = settingsLoads.get(db) ?? settingsLoads.set(db, new SharedLoads()).get(db)!;
  return loads.run(key, generation, async (started) => {
    const value = await readSetting(db, key);
    if (started === generation) {
      const m = settingsCache.get(db) ?? settingsCache.set(db, new Map()).get(db)!;
      const at = Date.now();
      m.set(key, { value, until: at + SETTINGS_TTL_MS, refreshAt: refreshAtOf(at, SETTINGS_TTL_MS) });
    }
    return value;
  }) as Promise<SettingValues[K]>;
}

/** Forgets this process's cached settings (after a change, possibly made inside a transaction). */
export function forgetSettings(): void {
  generation++;
  settingsCache = new WeakMap();
  settingsLoads = new WeakMap();
}

export async function setSetting<K extends keyof SettingValues>(
  db: DbOrTx,
  key: K,
  value: SettingValues[K],
  userId?: string,
): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value, updatedBy: userId ?? null })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value, updatedAt: sql`now()`, updatedBy: userId ?? null },
    });
  forgetSettings();
}
