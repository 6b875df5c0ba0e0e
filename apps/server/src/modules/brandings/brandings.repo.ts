/** SQL of brandings: the tenant scope condition, the lookups of the branding routes and branding administration. */
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { brandingAssets, brandingDomains, brandings, issuers, type DbOrTx } from '@sextant/db';
import type { TBrandingAssetKind } from '@sextant/shared';

export type BrandingRow = typeof brandings.$inferSelect;
type BrandingInsert = typeof brandings.$inferInsert;

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
  return db
    .select({ branding: brandings, logoSha256: brandingAssets.sha256 })
    .from(brandings)
    .leftJoin(brandingAssets, and(eq(brandingAssets.brandingId, brandings.brandingId), eq(brandingAssets.kind, 'logo')))
    .where(scope)
    .orderBy(asc(brandings.brandingDisplayName));
}

/** Whether the branding exists and is in the scope (retired or not). */
export async function brandingSeenWhere(db: DbOrTx, brandingId: string, scope: SQL): Promise<boolean> {
  const rows = await db
    .select({ id: brandings.brandingId })
    .from(brandings)
    .where(and(eq(brandings.brandingId, brandingId), scope));
  return rows.length > 0;
}

/** Whether the branding exists, is not retired and (with a scope) is in it. */
export async function brandingAssignableWhere(
  db: DbOrTx,
  brandingId: string,
  scope: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .select({ id: brandings.brandingId })
    .from(brandings)
    .where(and(eq(brandings.brandingId, brandingId), isNull(brandings.retiredAt), scope));
  return rows.length > 0;
}

/** The branding answering on a host (not retired), else the one with the fallback key. */
export async function brandingForHost(db: DbOrTx, host: string, fallbackKey: string) {
  const [byDomain] = await db
    .select({ b: brandings })
    .from(brandingDomains)
    .innerJoin(brandings, eq(brandings.brandingId, brandingDomains.brandingId))
    .where(and(eq(brandingDomains.domain, host), isNull(brandings.retiredAt)));
  if (byDomain) return byDomain.b;
  const [fallback] = await db.select().from(brandings).where(eq(brandings.brandingKey, fallbackKey));
  return fallback;
}

export async function brandingRowById(db: DbOrTx, brandingId: string): Promise<BrandingRow | undefined> {
  const [row] = await db.select().from(brandings).where(eq(brandings.brandingId, brandingId));
  return row;
}

export async function domainsOf(db: DbOrTx, brandingId: string): Promise<string[]> {
  const rows = await db
    .select({ d: brandingDomains.domain })
    .from(brandingDomains)
    .where(eq(brandingDomains.brandingId, brandingId))
    .orderBy(asc(brandingDomains.domain));
  return rows.map((r) => r.d);
}

/** Asset versions (sha256 prefix) and types of a branding, without the bytes. */
export async function assetsMetaOf(db: DbOrTx, brandingId: string) {
  return db
    .select({ kind: brandingAssets.kind, contentType: brandingAssets.contentType, sha256: brandingAssets.sha256 })
    .from(brandingAssets)
    .where(eq(brandingAssets.brandingId, brandingId));
}

export async function issuersUsing(db: DbOrTx, brandingId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(issuers).where(eq(issuers.brandingId, brandingId));
  return Number(row?.n ?? 0);
}

/** Domains of the list already held by another branding, with that branding's name. */
export async function domainsHeldByOthers(db: DbOrTx, domains: readonly string[], exceptId: string | null) {
  if (!domains.length) return [];
  return db
    .select({ domain: brandingDomains.domain, brandingDisplayName: brandings.brandingDisplayName })
    .from(brandingDomains)
    .innerJoin(brandings, eq(brandings.brandingId, brandingDomains.brandingId))
    .where(
      and(
        inArray(brandingDomains.domain, [...domains]),
        exceptId ? ne(brandingDomains.brandingId, exceptId) : undefined,
      ),
    );
}

export async function keyTaken(db: DbOrTx, brandingKey: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: brandings.brandingId })
    .from(brandings)
    .where(and(eq(brandings.brandingKey, brandingKey), exceptId ? ne(brandings.brandingId, exceptId) : undefined));
  return rows.length > 0;
}

export async function insertBranding(db: DbOrTx, values: BrandingInsert): Promise<BrandingRow> {
  const [row] = await db.insert(brandings).values(values).returning();
  return row!;
}

export async function updateBranding(db: DbOrTx, brandingId: string, values: Partial<BrandingInsert>) {
  await db
    .update(brandings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(brandings.brandingId, brandingId));
}

/** Replaces the branding's domains (the first also becomes full_domain_name). */
export async function replaceDomains(db: DbOrTx, brandingId: string, domains: readonly string[]) {
  await db.delete(brandingDomains).where(eq(brandingDomains.brandingId, brandingId));
  if (domains.length) await db.insert(brandingDomains).values(domains.map((domain) => ({ domain, brandingId })));
}

export async function upsertAsset(
  db: DbOrTx,
  v: { brandingId: string; kind: TBrandingAssetKind; contentType: string; content: Buffer; sha256: string },
) {
  await db
    .insert(brandingAssets)
    .values(v)
    .onConflictDoUpdate({
      target: [brandingAssets.brandingId, brandingAssets.kind],
      set: { contentType: v.contentType, content: v.content, sha256: v.sha256, updatedAt: new Date() },
    });
}

/** An image of a branding by its key (retired brandings keep serving it: e-mails already sent show it). */
export async function assetByKey(db: DbOrTx, brandingKey: string, kind: TBrandingAssetKind) {
  const [row] = await db
    .select({ contentType: brandingAssets.contentType, content: brandingAssets.content, sha256: brandingAssets.sha256 })
    .from(brandingAssets)
    .innerJoin(brandings, eq(brandings.brandingId, brandingAssets.brandingId))
    .where(and(eq(brandings.brandingKey, brandingKey), eq(brandingAssets.kind, kind)));
  return row;
}
