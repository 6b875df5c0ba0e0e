/** System settings (key → JSON value): system mode, app timestamp, augmented text, legal versions. */
import { eq, sql } from 'drizzle-orm';
import { systemSettings, type DbOrTx } from '@sextant/db';
import type { TSystemMode } from '@sextant/shared';

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
 * TTL. Reads inside a transaction are not cached.
 */
export const SETTINGS_TTL_MS = 2_000;
let settingsCache = new WeakMap<object, Map<string, { value: unknown; until: number }>>();

export async function getSetting<K extends keyof SettingValues>(db: DbOrTx, key: K): Promise<SettingValues[K]> {
  const byKey = settingsCache.get(db);
  const hit = byKey?.get(key);
  if (hit && hit.until > Date.now()) return hit.value as SettingValues[K];
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  const value = (row?.value as SettingValues[K] | undefined) ?? SETTING_DEFAULTS[key];
  if (!('rollback' in db)) {
    const m = byKey ?? new Map<string, { value: unknown; until: number }>();
    m.set(key, { value, until: Date.now() + SETTINGS_TTL_MS });
    if (!byKey) settingsCache.set(db, m);
  }
  return value;
}

/** Forgets this process's cached settings (after a change, possibly made inside a transaction). */
export function forgetSettings(): void {
  settingsCache = new WeakMap();
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
