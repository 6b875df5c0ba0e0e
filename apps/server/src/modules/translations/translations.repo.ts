/** SQL of translation overrides. */
import { and, eq, sql } from 'drizzle-orm';
import { translationOverrides, users, type DbOrTx } from '@sextant/db';

export async function overridesOf(db: DbOrTx, language?: string) {
  return db
    .select({
      language: translationOverrides.language,
      namespace: translationOverrides.namespace,
      key: translationOverrides.key,
      value: translationOverrides.value,
      updatedAt: translationOverrides.updatedAt,
      updatedBy: users.username,
    })
    .from(translationOverrides)
    .leftJoin(users, eq(users.id, translationOverrides.updatedBy))
    .where(language ? eq(translationOverrides.language, language) : undefined);
}

export async function upsertOverride(
  tx: DbOrTx,
  v: { language: string; namespace: string; key: string; value: string; userId: string },
): Promise<void> {
  await tx
    .insert(translationOverrides)
    .values({ ...v, updatedBy: v.userId })
    .onConflictDoUpdate({
      target: [translationOverrides.language, translationOverrides.namespace, translationOverrides.key],
      set: { value: v.value, updatedBy: v.userId, updatedAt: sql`now()` },
    });
}

export async function deleteOverride(tx: DbOrTx, v: { language: string; namespace: string; key: string }) {
  await tx
    .delete(translationOverrides)
    .where(
      and(
        eq(translationOverrides.language, v.language),
        eq(translationOverrides.namespace, v.namespace),
        eq(translationOverrides.key, v.key),
      ),
    );
}

/** Upserts many overrides, 500 rows per statement (an import in one transaction). */
export async function upsertOverrides(
  tx: DbOrTx,
  rows: { language: string; namespace: string; key: string; value: string }[],
  userId: string,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(translationOverrides)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, updatedBy: userId })))
      .onConflictDoUpdate({
        target: [translationOverrides.language, translationOverrides.namespace, translationOverrides.key],
        set: { value: sql`excluded.value`, updatedBy: userId, updatedAt: sql`now()` },
      });
}
