/**
 * Issuer administration (SPEC §7 Issuers, §5 validation). Reads are tenant-scoped (a tenant user sees only the
 * issuers they belong to), changes are limited to issuers the caller manages, only internal staff create
 * issuers, and a tenant can give its issuer only a branding it can see. Deleting an issuer removes its
 * memberships, which only ever narrows what its members see (DESIGN §6). Every change is audited.
 */
import type { FastifyRequest } from 'fastify';
import {
  ISSUER_CAPABILITY_ITEMS,
  ISSUER_LANGUAGES,
  VIRTUAL_LOCKBOXES,
  VIRTUAL_LOCKBOX_LABELS,
  type TAssignedUserIssuer,
  type TIssuer,
  type TIssuerFull,
  type TPagedResult,
  type TPagingRequestParsed,
} from '@sextant/shared';
import type { z } from 'zod';
import type { TAcceptanceFeeRow, ZIssuerCreate, ZIssuerUpdate } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { assertUserManageable, inScope, isInternalStaff, tenantScopeOf } from '../authorization/index.ts';
import { brandingInScope } from '../brandings/index.ts';
import {
  assignedIssuersOfUser,
  brandingExists,
  countJobsOfIssuer,
  deleteIssuer,
  findIssuerById,
  findIssuerRow,
  insertIssuer,
  issuerKeyTaken,
  membersOfIssuer,
  pageIssuers,
  updateIssuer,
  type IssuerInsert,
  type IssuerListRow,
} from './issuers.repo.ts';

type IssuerCreate = z.output<typeof ZIssuerCreate>;
type IssuerUpdate = z.output<typeof ZIssuerUpdate>;

function toIssuer(r: IssuerListRow): TIssuer {
  const i = r.issuer;
  return {
    id: i.id,
    name: i.name,
    issuerKey: i.issuerKey,
    jobsCount: Number(r.jobsCount),
    jobNames: r.jobNames ?? [],
    usersCount: Number(r.usersCount),
    usernames: r.usernames ?? [],
    issuerCapabilities: i.capabilities,
    scheme: i.scheme,
    language: i.language,
    issuerVirtualLockboxes: i.virtualLockboxes,
    issuerInputDataOptions: i.inputDataOptions,
    issuerKeyAliases: i.keyAliases,
    currency: i.currency,
    fallbackCountryIso3: i.fallbackCountryIso3,
    sendMagicLinks: i.sendMagicLinks,
    brandingId: i.brandingId,
    brandingDisplayName: r.brandingDisplayName,
    analysisDataDownloadProfileId: i.analysisDataDownloadProfileId,
    matchedDataOnlyDownloadProfileId: i.matchedDataOnlyDownloadProfileId,
    onboardingDataDownloadProfileId: i.onboardingDataDownloadProfileId,
    hasSupplierIncludeList: i.hasSupplierIncludeList,
    hasSupplierExcludeList: i.hasSupplierExcludeList,
    acceptanceFees: i.acceptanceFees ?? null,
  };
}

export async function listIssuers(
  ctx: AppContext,
  auth: AuthContext,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TIssuer>> {
  const scope = await tenantScopeOf(ctx, auth);
  return pageIssuers(ctx.db, request, scope.readIssuerIds, toIssuer);
}

async function readableRow(ctx: AppContext, auth: AuthContext, id: string): Promise<IssuerListRow> {
  const scope = await tenantScopeOf(ctx, auth);
  const row = inScope(scope.readIssuerIds, id) ? await findIssuerRow(ctx.db, id) : undefined;
  if (!row) throw notFound('Issuer');
  return row;
}

/** Unknown or unreadable → 404; readable but not managed by a tenant caller → 403. */
async function assertManageable(ctx: AppContext, auth: AuthContext, id: string) {
  const scope = await tenantScopeOf(ctx, auth);
  const row = inScope(scope.readIssuerIds, id) ? await findIssuerById(ctx.db, id) : undefined;
  if (!row) throw notFound('Issuer');
  if (!inScope(scope.manageIssuerIds, id)) throw forbidden('Only a manager of this issuer can change it');
  return row;
}

export async function getIssuer(ctx: AppContext, auth: AuthContext, id: string): Promise<TIssuer> {
  return toIssuer(await readableRow(ctx, auth, id));
}

export async function getIssuerFull(ctx: AppContext, auth: AuthContext, id: string): Promise<TIssuerFull> {
  const row = await readableRow(ctx, auth, id);
  const members = await membersOfIssuer(ctx.db, id);
  return {
    ...toIssuer(row),
    issuerEmailDomains: row.issuer.emailDomains,
    numberNonEmailDomainUsers: members.filter((m) => !m.isDomainUser).length,
    members: members.map((m) => ({ ...m, memberRole: m.memberRole })),
  };
}

function toValues(body: Partial<IssuerCreate>): Partial<IssuerInsert> {
  const v: Partial<IssuerInsert> = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.issuerKey !== undefined) v.issuerKey = body.issuerKey;
  if (body.scheme !== undefined) v.scheme = body.scheme;
  if (body.language !== undefined) v.language = body.language;
  if (body.sendMagicLinks !== undefined) v.sendMagicLinks = body.sendMagicLinks;
  if (body.brandingId !== undefined) v.brandingId = body.brandingId;
  if (body.analysisDataDownloadProfileId !== undefined)
    v.analysisDataDownloadProfileId = body.analysisDataDownloadProfileId;
  if (body.matchedDataOnlyDownloadProfileId !== undefined)
    v.matchedDataOnlyDownloadProfileId = body.matchedDataOnlyDownloadProfileId;
  if (body.onboardingDataDownloadProfileId !== undefined)
    v.onboardingDataDownloadProfileId = body.onboardingDataDownloadProfileId;
  if (body.capabilities !== undefined) v.capabilities = [...new Set(body.capabilities)];
  if (body.virtualLockboxes !== undefined) v.virtualLockboxes = [...new Set(body.virtualLockboxes)];
  if (body.inputDataOptions !== undefined) v.inputDataOptions = [...new Set(body.inputDataOptions)];
  if (body.issuerKeyAliases !== undefined) v.keyAliases = [...new Set(body.issuerKeyAliases)];
  if (body.issuerEmailDomains !== undefined) v.emailDomains = [...new Set(body.issuerEmailDomains)];
  if (body.currency !== undefined) v.currency = body.currency;
  if (body.fallbackCountryIso3 !== undefined) v.fallbackCountryIso3 = body.fallbackCountryIso3;
  return v;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const duplicateKey = (key: string) =>
  conflict(`issuerKey: an issuer with the key "${key}" already exists`, 'body.issuerKey');

/** Only internal staff create issuers (new tenants); a tenant user would create an issuer outside their scope. */
export async function createIssuer(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: IssuerCreate,
): Promise<string> {
  if (!isInternalStaff(auth)) throw forbidden('Only internal staff can create issuers');
  if (await issuerKeyTaken(ctx.db, body.issuerKey)) throw duplicateKey(body.issuerKey);
  if (!(await brandingInScope(ctx, auth, body.brandingId))) throw notFound('Branding');
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await insertIssuer(tx, toValues(body) as IssuerInsert);
      await writeAudit(
        tx,
        {
          action: 'issuer.create',
          targetType: 'issuer',
          targetId: row.id,
          issuerId: row.id,
          details: { issuerKey: row.issuerKey, name: row.name },
        },
        req,
      );
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateKey(body.issuerKey);
    throw err;
  }
}

export async function updateIssuerFields(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  queryId: string | undefined,
  body: IssuerUpdate,
): Promise<void> {
  const { id: bodyId, ...fields } = body;
  if (queryId && bodyId && queryId !== bodyId) throw fieldError('body.id', 'does not match the id in the query');
  const id = queryId ?? bodyId;
  if (!id) throw fieldError('query.id', 'Issuer id is required');
  const before = await assertManageable(ctx, auth, id);
  if (fields.issuerKey !== undefined && (await issuerKeyTaken(ctx.db, fields.issuerKey, id)))
    throw duplicateKey(fields.issuerKey);
  if (
    fields.brandingId !== undefined &&
    fields.brandingId !== before.brandingId &&
    (!(await brandingInScope(ctx, auth, fields.brandingId)) || !(await brandingExists(ctx.db, fields.brandingId)))
  )
    throw notFound('Branding');
  const values = toValues(fields);
  const changed = Object.fromEntries(
    Object.entries(values)
      .filter(([k, v]) => JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(v))
      .map(([k, v]) => [k, { from: before[k as keyof typeof before], to: v }]),
  );
  try {
    await ctx.db.transaction(async (tx) => {
      await updateIssuer(tx, id, values);
      await writeAudit(
        tx,
        { action: 'issuer.update', targetType: 'issuer', targetId: id, issuerId: id, details: { changed } },
        req,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateKey(fields.issuerKey ?? '');
    throw err;
  }
}

export type IssuerListField = 'capabilities' | 'virtualLockboxes' | 'inputDataOptions';

export async function updateIssuerList(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  field: IssuerListField,
  values: readonly string[],
): Promise<void> {
  const before = await assertManageable(ctx, auth, id);
  const next = [...new Set(values)];
  await ctx.db.transaction(async (tx) => {
    await updateIssuer(tx, id, { [field]: next });
    await writeAudit(
      tx,
      {
        action: `issuer.update.${field}`,
        targetType: 'issuer',
        targetId: id,
        issuerId: id,
        details: { from: before[field], to: next },
      },
      req,
    );
  });
}

/** Replace the issuer's acceptance fee table (null: back to the defaults); runs queued from now on use it. */
export async function updateIssuerAcceptanceFees(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  fees: TAcceptanceFeeRow[] | null,
): Promise<void> {
  const before = await assertManageable(ctx, auth, id);
  const next = fees && fees.length > 0 ? fees : null;
  await ctx.db.transaction(async (tx) => {
    await updateIssuer(tx, id, { acceptanceFees: next });
    await writeAudit(
      tx,
      {
        action: 'issuer.update.acceptanceFees',
        targetType: 'issuer',
        targetId: id,
        issuerId: id,
        details: { from: before.acceptanceFees ?? null, to: next },
      },
      req,
    );
  });
}

export async function removeIssuer(ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: string): Promise<void> {
  const before = await assertManageable(ctx, auth, id);
  const jobs = await countJobsOfIssuer(ctx.db, id);
  if (jobs > 0)
    throw conflict(
      `The issuer ${before.name} still has ${jobs} job${jobs === 1 ? '' : 's'}; delete or move them first`,
    );
  await ctx.db.transaction(async (tx) => {
    await deleteIssuer(tx, id);
    await writeAudit(
      tx,
      {
        action: 'issuer.delete',
        targetType: 'issuer',
        targetId: id,
        issuerId: id,
        details: { issuerKey: before.issuerKey, name: before.name },
      },
      req,
    );
  });
}

/** GET /issuers/{userId}/assigned-user-issuers: the issuers a user belongs to (within the caller's read scope). */
export async function assignedUserIssuers(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
): Promise<TAssignedUserIssuer[]> {
  await assertUserManageable(ctx, auth, userId);
  const scope = await tenantScopeOf(ctx, auth);
  const rows = await assignedIssuersOfUser(ctx.db, userId, scope.readIssuerIds);
  return rows.map((r) => ({ ...r, userRole: r.userRole }));
}

export const capabilityItems = () => ISSUER_CAPABILITY_ITEMS;
export const virtualLockboxItems = () => VIRTUAL_LOCKBOXES.map((key) => ({ key, label: VIRTUAL_LOCKBOX_LABELS[key] }));
export const languageItems = () => ISSUER_LANGUAGES.map((l) => ({ key: l.key, name: l.name }));
