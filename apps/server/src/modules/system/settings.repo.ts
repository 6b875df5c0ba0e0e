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

export async function getSetting<K extends keyof SettingValues>(db: DbOrTx, key: K): Promise<SettingValues[K]> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  return (row?.value as SettingValues[K] | undefined) ?? SETTING_DEFAULTS[key];
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
}
