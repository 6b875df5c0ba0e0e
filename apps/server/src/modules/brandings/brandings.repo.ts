/** SQL of brandings: the tenant scope condition and the lookups of the branding routes. */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { brandings, issuers, type DbOrTx } from '@sextant/db';

/**
 * WHERE condition over brandings: those of the listed issuers and the user's own branding (false when neither);
 * undefined when `issuerIds` is null (every branding).
 */
export function brandingScopeCondition(
  db: DbOrTx,
  issuerIds: readonly string[] | null,
  ownBrandingId: string | null,
): SQL | undefined {
  if (issuerIds === null) return undefined;
  const ofIssuers = issuerIds.length
    ? inArray(
        brandings.brandingId,
        db
          .select({ id: issuers.brandingId })
          .from(issuers)
          .where(inArray(issuers.id, [...issuerIds])),
      )
    : undefined;
  const own = ownBrandingId ? eq(brandings.brandingId, ownBrandingId) : undefined;
  return or(ofIssuers, own) ?? sql`false`;
}

export async function brandingsWhere(db: DbOrTx, scope: SQL | undefined) {
  return db.select().from(brandings).where(scope).orderBy(asc(brandings.brandingDisplayName));
}

export async function brandingExistsWhere(db: DbOrTx, brandingId: string, scope: SQL): Promise<boolean> {
  const rows = await db
    .select({ id: brandings.brandingId })
    .from(brandings)
    .where(and(eq(brandings.brandingId, brandingId), scope));
  return rows.length > 0;
}

/** The branding of a host name, else the one with the fallback key. */
export async function brandingForHost(db: DbOrTx, host: string, fallbackKey: string) {
  const [byDomain] = await db.select().from(brandings).where(eq(brandings.fullDomainName, host));
  if (byDomain) return byDomain;
  const [fallback] = await db.select().from(brandings).where(eq(brandings.brandingKey, fallbackKey));
  return fallback;
}
