/**
 * Branding record rule (tenant = issuer, DESIGN §6): internal staff see every branding; a tenant user sees the
 * brandings of the issuers they belong to and their own user branding — nothing else (a user without
 * memberships sees at most their own).
 *
 * Branding administration (issue #33): create, edit, retire and upload images. Brandings_CRUD is platform-only
 * (docs/SECURITY.md): a branding is shown to every tenant that uses it, and its domains are the installation's.
 * Every write is audited in the transaction of the change and clears the public branding cache by host.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  type TBranding,
  type TBrandingAssetKind,
  type TBrandingDetail,
  type TBrandingWrite,
  type TPublicBranding,
  ZBrandingWrite,
} from '@sextant/shared';
import { THEME_TOKENS } from '@sextant/shared/values';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { checkBrandImage } from '../../lib/brand-image.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isInternalStaff } from '../authorization/index.ts';
import {
  assetsMetaOf,
  brandingAssignableWhere,
  brandingForHost,
  brandingRowById,
  brandingSeenWhere,
  brandingScopeCondition,
  brandingsWhere,
  domainsHeldByOthers,
  domainsOf,
  insertBranding,
  issuersUsing,
  keyTaken,
  replaceDomains,
  updateBranding,
  upsertAsset,
  type BrandingRow,
} from './brandings.repo.ts';

/** The branding shown on a host that no branding answers on. */
export const DEFAULT_BRANDING_KEY = 'paytech';

/** WHERE condition over brandings for the caller; undefined = every branding (internal staff). */
function brandingScope(ctx: AppContext, auth: AuthContext): SQL | undefined {
  return brandingScopeCondition(ctx.db, isInternalStaff(auth) ? null : auth.issuerIds, auth.user.brandingId);
}

/** An asset's version: the start of its SHA-256 (the asset URL's `v`, so a new upload is fetched anew). */
const version = (sha256: string) => sha256.slice(0, 16);

const listView = (b: BrandingRow, logoSha256: string | null): TBranding => ({
  brandingId: b.brandingId,
  brandingKey: b.brandingKey,
  theme: b.theme,
  brandingDisplayName: b.brandingDisplayName,
  fullDomainName: b.fullDomainName,
  emailSenderAddress: b.emailSenderAddress,
  emailSenderName: b.emailSenderName,
  retiredAt: b.retiredAt?.toISOString() ?? null,
  logoVersion: logoSha256 === null ? null : version(logoSha256),
});

/** GET /api/v2/brandings/all: the brandings the caller may see, by display name (retired ones are not offered). */
export async function listBrandings(ctx: AppContext, auth: AuthContext): Promise<TBranding[]> {
  const rows = await brandingsWhere(ctx.db, brandingScope(ctx, auth));
  return rows
    .filter(({ branding: b }) => !b.retiredAt || isInternalStaff(auth))
    .map(({ branding, logoSha256 }) => listView(branding, logoSha256));
}

/** Whether the caller may assign the branding: it exists, is not retired and the caller may see it. */
export async function brandingInScope(ctx: AppContext, auth: AuthContext, brandingId: string): Promise<boolean> {
  return brandingAssignableWhere(ctx.db, brandingId, brandingScope(ctx, auth));
}

/** The branding's colours, else its theme's. */
function coloursOf(b: Pick<BrandingRow, 'colours' | 'theme'>) {
  if (b.colours) return b.colours;
  const t = THEME_TOKENS[b.theme] ?? THEME_TOKENS.paytech;
  return { primary: t.primary, primaryText: t.primaryContrast, background: t.background, text: t.text };
}

async function assetsView(ctx: AppContext, brandingId: string): Promise<TBrandingDetail['assets']> {
  const rows = await assetsMetaOf(ctx.db, brandingId);
  return Object.fromEntries(rows.map((a) => [a.kind, { contentType: a.contentType, version: version(a.sha256) }]));
}

async function detailView(ctx: AppContext, b: BrandingRow): Promise<TBrandingDetail> {
  const [domains, assets, issuersCount] = await Promise.all([
    domainsOf(ctx.db, b.brandingId),
    assetsView(ctx, b.brandingId),
    issuersUsing(ctx.db, b.brandingId),
  ]);
  return {
    ...listView(b, null),
    logoVersion: assets.logo?.version ?? null,
    colours: coloursOf(b),
    emailFooter: b.emailFooter,
    loginTexts: b.loginTexts,
    domains,
    assets,
    issuersCount,
  };
}

/** GET /api/v2/brandings/{id}: one branding the caller may see (404 otherwise: its existence is not disclosed). */
export async function getBranding(ctx: AppContext, auth: AuthContext, id: string): Promise<TBrandingDetail> {
  const scope = brandingScope(ctx, auth);
  const b = await brandingRowById(ctx.db, id);
  if (!b || (scope && !(await brandingSeenWhere(ctx.db, id, scope)))) throw notFound('Branding');
  return detailView(ctx, b);
}

/** Public branding by host, cached (60 s, cleared on every branding write in this process). */
const hostCache = new LRUCache<string, TPublicBranding>({ max: 1000, ttl: 60_000 });

/** Clears the branding cache by host (every branding write). */
function invalidateBrandingCache(): void {
  hostCache.clear();
}

export async function publicBrandingForHost(ctx: AppContext, host: string): Promise<TPublicBranding | null> {
  const cached = hostCache.get(host);
  if (cached) return cached;
  const b = await brandingForHost(ctx.db, host, DEFAULT_BRANDING_KEY);
  if (!b) return null;
  const view: TPublicBranding = {
    brandingKey: b.brandingKey,
    theme: b.theme,
    brandingDisplayName: b.brandingDisplayName,
    colours: b.colours ?? null,
    loginTexts: b.loginTexts,
    assets: await assetsView(ctx, b.brandingId),
  };
  hostCache.set(host, view);
  return view;
}

/** Refuses a key or domain that another branding holds, naming it. */
async function assertFree(ctx: AppContext, body: ReturnType<typeof ZBrandingWrite.parse>, exceptId: string | null) {
  if (await keyTaken(ctx.db, body.brandingKey, exceptId))
    throw conflict(`brandingKey: a branding with the key "${body.brandingKey}" already exists`, 'body.brandingKey');
  const held = await domainsHeldByOthers(ctx.db, body.domains, exceptId);
  if (held.length)
    throw conflict(
      `domains: ${held.map((h) => `${h.domain} already answers for the branding ${h.brandingDisplayName}`).join('; ')}`,
      'body.domains',
    );
}

const rowValues = (body: ReturnType<typeof ZBrandingWrite.parse>) => ({
  brandingKey: body.brandingKey,
  brandingDisplayName: body.brandingDisplayName,
  theme: body.theme,
  colours: body.colours,
  emailSenderAddress: body.emailSenderAddress,
  emailSenderName: body.emailSenderName,
  emailFooter: body.emailFooter,
  loginTexts: Object.fromEntries(Object.entries(body.loginTexts).filter(([, v]) => v)) as Record<string, string>,
  fullDomainName: body.domains[0] ?? null,
});

/** POST /api/v2/brandings. */
export async function createBranding(
  ctx: AppContext,
  req: FastifyRequest,
  input: TBrandingWrite,
): Promise<TBrandingDetail> {
  const body = ZBrandingWrite.parse(input);
  await assertFree(ctx, body, null);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertBranding(tx, rowValues(body));
    await replaceDomains(tx, created.brandingId, body.domains);
    await writeAudit(
      tx,
      {
        action: 'branding.create',
        targetType: 'branding',
        targetId: created.brandingId,
        details: {
          brandingKey: body.brandingKey,
          brandingDisplayName: body.brandingDisplayName,
          domains: body.domains,
        },
      },
      req,
    );
    return created;
  });
  invalidateBrandingCache();
  return detailView(ctx, row);
}

/** PUT /api/v2/brandings/{id}: replaces the editable fields; the audit row names the changed ones. */
export async function updateBrandingById(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  input: TBrandingWrite,
): Promise<TBrandingDetail> {
  const before = await brandingRowById(ctx.db, id);
  if (!before) throw notFound('Branding');
  const body = ZBrandingWrite.parse(input);
  await assertFree(ctx, body, id);
  const values = rowValues(body);
  const beforeDomains = await domainsOf(ctx.db, id);
  const changed = Object.keys(values).filter(
    (k) => !isDeepStrictEqual(values[k as keyof typeof values], before[k as keyof typeof values]),
  );
  if (JSON.stringify([...body.domains].sort()) !== JSON.stringify(beforeDomains)) changed.push('domains');
  await ctx.db.transaction(async (tx) => {
    await updateBranding(tx, id, values);
    await replaceDomains(tx, id, body.domains);
    await writeAudit(
      tx,
      { action: 'branding.update', targetType: 'branding', targetId: id, details: { changed } },
      req,
    );
  });
  invalidateBrandingCache();
  return detailView(ctx, (await brandingRowById(ctx.db, id))!);
}

/**
 * DELETE /api/v2/brandings/{id}: retires the branding — it answers on no domain (its domains are freed) and is no
 * longer offered or assignable; issuers and users that have it keep it. The default branding cannot be retired.
 */
export async function retireBranding(ctx: AppContext, req: FastifyRequest, id: string): Promise<TBrandingDetail> {
  const before = await brandingRowById(ctx.db, id);
  if (!before) throw notFound('Branding');
  if (before.brandingKey === DEFAULT_BRANDING_KEY)
    throw conflict(
      `The default branding (${before.brandingDisplayName}) answers on every other host and cannot be retired`,
    );
  if (before.retiredAt) throw conflict(`The branding ${before.brandingDisplayName} is already retired`);
  const domains = await domainsOf(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await updateBranding(tx, id, { retiredAt: new Date(), fullDomainName: null });
    await replaceDomains(tx, id, []);
    await writeAudit(
      tx,
      { action: 'branding.retire', targetType: 'branding', targetId: id, details: { freedDomains: domains } },
      req,
    );
  });
  invalidateBrandingCache();
  return detailView(ctx, (await brandingRowById(ctx.db, id))!);
}

/** PUT /api/v2/brandings/{id}/logo?kind=: checks the image (nothing stored when refused), stores it, audits. */
export async function putBrandingAsset(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  kind: TBrandingAssetKind,
  file: Buffer,
): Promise<TBrandingDetail> {
  const b = await brandingRowById(ctx.db, id);
  if (!b) throw notFound('Branding');
  const image = checkBrandImage(kind, file);
  const sha256 = createHash('sha256').update(image.content).digest('hex');
  await ctx.db.transaction(async (tx) => {
    await upsertAsset(tx, { brandingId: id, kind, contentType: image.contentType, content: image.content, sha256 });
    await updateBranding(tx, id, {});
    await writeAudit(
      tx,
      {
        action: 'branding.image',
        targetType: 'branding',
        targetId: id,
        details: { kind, contentType: image.contentType, bytes: image.content.length, sha256 },
      },
      req,
    );
  });
  invalidateBrandingCache();
  return detailView(ctx, b);
}
