/**
 * Buyer administration (SPEC §2 /admin/buyer-manager). A buyer belongs to one issuer (tenant).
 *
 * Record rule (tenant = issuer, DESIGN §6): internal staff holding Buyers_ViewAll see and manage every buyer;
 * everyone else — tenant users holding Buyers_ViewAll included — only the buyers of the issuers they are members
 * of; other buyers answer 404, as if they did not exist. Issuer users holding BuyerCreate create buyers for their
 * own issuers inline (job creation). Every change is audited.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  TBuyer,
  TBuyerOption,
  TPagedResult,
  TPagingRequestParsed,
  ZBuyerCreate,
  ZBuyerUpdate,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isInternalStaff } from '../authorization/index.ts';
import {
  buyerNameTaken,
  buyersOfIssuer,
  countJobsOfBuyer,
  deleteBuyer,
  findBuyerRow,
  insertBuyer,
  issuerName,
  pageBuyers,
  updateBuyer,
  type BuyerInsert,
  type BuyerRow,
} from './buyers.repo.ts';

type BuyerCreate = z.output<typeof ZBuyerCreate>;
type BuyerUpdate = z.output<typeof ZBuyerUpdate>;

/** null = every issuer (internal staff with Buyers_ViewAll); otherwise the issuers the caller belongs to. */
export function buyerScopeOf(auth: AuthContext): string[] | null {
  return isInternalStaff(auth) && auth.permissions.has('Buyers_ViewAll') ? null : auth.issuerIds;
}
const inScope = (scope: string[] | null, issuerId: string) => scope === null || scope.includes(issuerId);

function toBuyer(r: BuyerRow): TBuyer {
  return {
    id: r.buyer.id,
    name: r.buyer.name,
    countryIso3: r.buyer.countryIso3,
    issuerId: r.buyer.issuerId,
    issuerName: r.issuerName,
    jobsCount: Number(r.jobsCount),
    createdByUsername: r.createdByUsername,
    createdAt: new Date(r.buyer.createdAt).toISOString(),
  };
}

export async function listBuyers(
  ctx: AppContext,
  auth: AuthContext,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TBuyer>> {
  return pageBuyers(ctx.db, request, buyerScopeOf(auth), toBuyer);
}

async function visibleRow(ctx: AppContext, auth: AuthContext, id: string): Promise<BuyerRow> {
  const row = await findBuyerRow(ctx.db, id);
  if (!row || !inScope(buyerScopeOf(auth), row.buyer.issuerId)) throw notFound('Buyer');
  return row;
}

export async function getBuyer(ctx: AppContext, auth: AuthContext, id: string): Promise<TBuyer> {
  return toBuyer(await visibleRow(ctx, auth, id));
}

export async function buyerOptions(ctx: AppContext, auth: AuthContext, issuerId: string): Promise<TBuyerOption[]> {
  if (!inScope(buyerScopeOf(auth), issuerId) || !(await issuerName(ctx.db, issuerId))) throw notFound('Issuer');
  return buyersOfIssuer(ctx.db, issuerId);
}

export async function createBuyer(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: BuyerCreate,
  via: 'admin' | 'inline',
): Promise<string> {
  if (!inScope(buyerScopeOf(auth), body.issuerId) || !(await issuerName(ctx.db, body.issuerId)))
    throw notFound('Issuer');
  if (await buyerNameTaken(ctx.db, body.issuerId, body.name))
    throw conflict(`A buyer named "${body.name}" already exists for this issuer`, 'body.name');
  const id = await ctx.db.transaction(async (tx) => {
    const newId = await insertBuyer(tx, {
      issuerId: body.issuerId,
      name: body.name,
      countryIso3: body.countryIso3 ?? null,
      createdBy: auth.user.id,
    });
    await writeAudit(
      tx,
      {
        action: 'buyer.create',
        targetType: 'buyer',
        targetId: newId,
        issuerId: body.issuerId,
        details: { name: body.name, countryIso3: body.countryIso3 ?? null, via },
      },
      req,
    );
    return newId;
  });
  return id;
}

export async function changeBuyer(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  body: BuyerUpdate,
): Promise<void> {
  const row = await visibleRow(ctx, auth, id);
  const values: Partial<BuyerInsert> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (body.name !== undefined && body.name !== row.buyer.name) {
    if (await buyerNameTaken(ctx.db, row.buyer.issuerId, body.name, id))
      throw conflict(`A buyer named "${body.name}" already exists for this issuer`, 'body.name');
    values.name = body.name;
    changes.name = { from: row.buyer.name, to: body.name };
  }
  if (body.countryIso3 !== undefined && (body.countryIso3 ?? null) !== row.buyer.countryIso3) {
    values.countryIso3 = body.countryIso3 ?? null;
    changes.countryIso3 = { from: row.buyer.countryIso3, to: body.countryIso3 ?? null };
  }
  if (Object.keys(values).length === 0) return;
  await ctx.db.transaction(async (tx) => {
    await updateBuyer(tx, id, values);
    await writeAudit(
      tx,
      { action: 'buyer.update', targetType: 'buyer', targetId: id, issuerId: row.buyer.issuerId, details: changes },
      req,
    );
  });
}

export async function removeBuyer(ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: string): Promise<void> {
  const row = await visibleRow(ctx, auth, id);
  const jobs = await countJobsOfBuyer(ctx.db, id);
  if (jobs > 0)
    throw conflict(
      `${row.buyer.name} has ${jobs} job${jobs === 1 ? '' : 's'}; delete or move ${jobs === 1 ? 'it' : 'them'} first`,
    );
  await ctx.db.transaction(async (tx) => {
    await deleteBuyer(tx, id);
    await writeAudit(
      tx,
      {
        action: 'buyer.delete',
        targetType: 'buyer',
        targetId: id,
        issuerId: row.buyer.issuerId,
        details: { name: row.buyer.name },
      },
      req,
    );
  });
}
