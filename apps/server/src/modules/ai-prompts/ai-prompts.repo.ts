/** SQL of the AI prompts area: versions per use, the active one, create and activate. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { aiPrompts, type DbOrTx } from '@sextant/db';
import type { TAiPromptUse } from '@sextant/shared/values';

export type AiPromptRow = typeof aiPrompts.$inferSelect;

export async function activePromptRow(db: DbOrTx, use: TAiPromptUse): Promise<AiPromptRow | undefined> {
  const [row] = await db
    .select()
    .from(aiPrompts)
    .where(and(eq(aiPrompts.use, use), eq(aiPrompts.active, true)))
    .limit(1);
  return row;
}

export function listPromptRows(db: DbOrTx): Promise<AiPromptRow[]> {
  return db.select().from(aiPrompts).orderBy(asc(aiPrompts.use), desc(aiPrompts.version));
}

export async function promptRowById(db: DbOrTx, id: string): Promise<AiPromptRow | undefined> {
  const [row] = await db.select().from(aiPrompts).where(eq(aiPrompts.id, id)).limit(1);
  return row;
}

export async function nextPromptVersion(db: DbOrTx, use: TAiPromptUse): Promise<number> {
  const [row] = await db
    .select({ v: sql<number>`coalesce(max(${aiPrompts.version}), 0)::int` })
    .from(aiPrompts)
    .where(eq(aiPrompts.use, use));
  return (row?.v ?? 0) + 1;
}

export async function insertPromptRow(db: DbOrTx, row: typeof aiPrompts.$inferInsert): Promise<AiPromptRow> {
  const [created] = await db.insert(aiPrompts).values(row).returning();
  return created!;
}

/** Makes `id` the only active version of its use. */
export async function activatePromptRow(db: DbOrTx, use: TAiPromptUse, id: string): Promise<void> {
  await db
    .update(aiPrompts)
    .set({ active: false })
    .where(and(eq(aiPrompts.use, use), eq(aiPrompts.active, true)));
  await db.update(aiPrompts).set({ active: true, activatedAt: new Date() }).where(eq(aiPrompts.id, id));
}

/** Back to the default text: no version of the use is active. */
export async function deactivatePromptUse(db: DbOrTx, use: TAiPromptUse): Promise<void> {
  await db
    .update(aiPrompts)
    .set({ active: false })
    .where(and(eq(aiPrompts.use, use), eq(aiPrompts.active, true)));
}
