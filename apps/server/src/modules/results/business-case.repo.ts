/** SQL of the job's business case: its saved inputs and who saved them. */
import { eq } from 'drizzle-orm';
import { jobBusinessCases, users, type DbOrTx } from '@sextant/db';
import type { TBusinessCaseInputs } from '@sextant/shared';

export async function savedBusinessCase(db: DbOrTx, jobId: string) {
  const [saved] = await db
    .select({ row: jobBusinessCases, by: users.displayName, username: users.username })
    .from(jobBusinessCases)
    .leftJoin(users, eq(users.id, jobBusinessCases.updatedBy))
    .where(eq(jobBusinessCases.jobArtifactId, jobId));
  return saved;
}

export async function upsertBusinessCase(
  db: DbOrTx,
  jobId: string,
  inputs: TBusinessCaseInputs,
  userId: string,
): Promise<void> {
  await db
    .insert(jobBusinessCases)
    .values({ jobArtifactId: jobId, inputs, updatedBy: userId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: jobBusinessCases.jobArtifactId,
      set: { inputs, updatedBy: userId, updatedAt: new Date() },
    });
}
