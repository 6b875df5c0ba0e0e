/** SQL of the datapoint profiles: rows, the issuers pointing at each, insert/update/delete. */
import { asc, eq, or } from 'drizzle-orm';
import { datapointProfiles, issuers, type DbOrTx } from '@sextant/db';

export type ProfileRow = typeof datapointProfiles.$inferSelect;

export const allProfiles = (db: DbOrTx) => db.select().from(datapointProfiles).orderBy(asc(datapointProfiles.name));

export async function findProfile(db: DbOrTx, id: string): Promise<ProfileRow | undefined> {
  const [r] = await db.select().from(datapointProfiles).where(eq(datapointProfiles.id, id));
  return r;
}

const issuerProfileColumns = {
  issuerId: issuers.id,
  issuerName: issuers.name,
  analysis: issuers.analysisDataDownloadProfileId,
  matched: issuers.matchedDataOnlyDownloadProfileId,
  onboarding: issuers.onboardingDataDownloadProfileId,
};

/** Every issuer with its three profile ids (all of them: a handful of rows), or those pointing at one profile. */
export function issuerProfileRefs(db: DbOrTx, profileId?: string) {
  const q = db.select(issuerProfileColumns).from(issuers);
  return (
    profileId
      ? q.where(
          or(
            eq(issuers.analysisDataDownloadProfileId, profileId),
            eq(issuers.matchedDataOnlyDownloadProfileId, profileId),
            eq(issuers.onboardingDataDownloadProfileId, profileId),
          ),
        )
      : q
  ).orderBy(asc(issuers.name));
}

export async function insertProfile(db: DbOrTx, values: typeof datapointProfiles.$inferInsert) {
  const [r] = await db.insert(datapointProfiles).values(values).returning();
  return r!;
}
export async function updateProfile(db: DbOrTx, id: string, values: Partial<typeof datapointProfiles.$inferInsert>) {
  const [r] = await db
    .update(datapointProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(datapointProfiles.id, id))
    .returning();
  return r!;
}
export async function deleteProfile(db: DbOrTx, id: string): Promise<void> {
  await db.delete(datapointProfiles).where(eq(datapointProfiles.id, id));
}
export async function insertDefaultProfiles(db: DbOrTx, rows: (typeof datapointProfiles.$inferInsert)[]) {
  await db.insert(datapointProfiles).values(rows).onConflictDoNothing();
}
