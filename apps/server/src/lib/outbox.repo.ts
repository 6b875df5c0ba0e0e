/** SQL of the email outbox (lib/email.ts): every email is stored before it is sent, then marked sent or failed. */
import { eq, sql } from 'drizzle-orm';
import { emailOutbox, type DbOrTx } from '@sextant/db';

export async function insertOutboxMessage(db: DbOrTx, values: typeof emailOutbox.$inferInsert): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function markOutboxSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, id));
}

export async function markOutboxFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'failed', error, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, id));
}
