/**
 * Jobs: creation (issuer, buyer — created inline when allowed — and a unique name per buyer), the job page's
 * details, creation options, rename, publication and deletion. Files are in job-files.ts, runs in job-runs.ts,
 * the caller's abilities in authorization/job-abilities.ts, SQL in jobs.repo.ts.
 */
import type { FastifyRequest } from 'fastify';
import { JOB_TYPE_LABELS, mayCreateJobType, type TCreateJob, type TJobDetails } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { conflict, fieldError, forbidden } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { tenantScopeOf, inScope } from '../authorization/index.ts';
import { insertBuyer } from '../buyers/index.ts';
import { findIssuerById } from '../issuers/index.ts';
import {
  addJobLog,
  buyerBelongsTo,
  deleteJobRow,
  filesOf,
  insertJob,
  issuersWithBuyers,
  jobNameTaken,
  openCommandsOfJob,
  updateJob,
} from './jobs.repo.ts';
import { jobKey } from './job-access.ts';
import { abilitiesOf, visibleJob } from '../authorization/index.ts';
import { fileView } from './job-files.ts';
import { jobStatusFromRun, runViews } from './job-runs.ts';
import { datapointsOf } from './analysis.adapter.ts';
import { publishJobDeleted } from './job-events.ts';

export async function createJob(
  ctx: AppContext,
  auth: AuthContext,
  input: TCreateJob,
  req: FastifyRequest,
): Promise<string> {
  if (!mayCreateJobType(auth.permissions, input.type))
    throw forbidden(`You cannot create ${JOB_TYPE_LABELS[input.type]} jobs; choose a job type your role offers`);
  const scope = await tenantScopeOf(ctx, auth);
  const issuer = await findIssuerById(ctx.db, input.issuerId);
  if (!issuer || !inScope(scope.readIssuerIds, issuer.id))
    throw fieldError('issuerId', 'Choose an issuer you work with');
  if (!input.buyerId && !input.newBuyerName) throw fieldError('buyerId', 'Choose a buyer or name a new one');
  if (input.buyerId && input.newBuyerName)
    throw fieldError('newBuyerName', 'Either choose a buyer or name a new one, not both');
  if (input.newBuyerName && !auth.permissions.has('BuyerCreate') && !auth.permissions.has('BuyerManagement_CRUD')) {
    throw forbidden('You cannot create buyers; choose an existing one');
  }
  const jobId = await ctx.db.transaction(async (tx) => {
    let buyerId = input.buyerId ?? null;
    if (buyerId) {
      if (!(await buyerBelongsTo(tx, buyerId, issuer.id)))
        throw fieldError('buyerId', 'This buyer does not belong to the chosen issuer');
    } else {
      buyerId = await insertBuyer(tx, {
        issuerId: issuer.id,
        name: input.newBuyerName!,
        countryIso3: issuer.fallbackCountryIso3,
        createdBy: auth.user.id,
      });
      await writeAudit(
        tx,
        {
          action: 'buyer.create',
          targetType: 'buyer',
          targetId: buyerId,
          issuerId: issuer.id,
          details: { name: input.newBuyerName },
        },
        req,
      );
    }
    if (await jobNameTaken(tx, input.name, issuer.id, buyerId)) {
      throw conflict(`A job named "${input.name}" already exists for this buyer`, 'name');
    }
    const job = await insertJob(tx, {
      name: input.name,
      type: input.type,
      issuerId: issuer.id,
      buyerId,
      ownerId: auth.user.id,
    });
    await addJobLog(tx, { jobId: job.id, message: `Job created by ${auth.user.displayName} (${input.type})` });
    await writeAudit(
      tx,
      {
        action: 'job.create',
        targetType: 'job',
        targetId: job.id,
        issuerId: issuer.id,
        details: { name: input.name, type: input.type },
      },
      req,
    );
    return job.id;
  });
  return jobId;
}

export async function jobDetails(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TJobDetails> {
  const row = await visibleJob(ctx, auth, jobId);
  const [files, runs] = await Promise.all([filesOf(ctx.db, jobId), runViews(ctx, jobId)]);
  const resultRun = runs.find((r) => r.status === 'Completed');
  const status = runs[0] ? jobStatusFromRun(runs[0].status) : row.job.status;
  return {
    id: row.job.id,
    name: row.job.name,
    type: row.job.type,
    status: status,
    issuerId: row.job.issuerId,
    issuerName: row.issuerName,
    buyerId: row.job.buyerId,
    buyerName: row.buyerName,
    owner: row.owner,
    isPublished: row.job.isPublished,
    createdOn: row.job.createdOn.toISOString(),
    files: files.map((f) => fileView(f, datapointsOf(f.dataKind, row.job.type))),
    runs,
    resultRunId: resultRun?.id ?? null,
    abilities: abilitiesOf(auth, { ...row.job, status }),
  };
}

export interface CreationOption {
  issuerId: string;
  issuerName: string;
  currency: string | null;
  canCreateBuyer: boolean;
  buyers: { id: string; name: string }[];
}

/** Issuers the caller may create jobs for, with their buyers. */
export async function creationOptions(ctx: AppContext, auth: AuthContext): Promise<CreationOption[]> {
  const scope = await tenantScopeOf(ctx, auth);
  const { issuerRows, buyerRows } = await issuersWithBuyers(ctx.db, scope.readIssuerIds);
  const canCreateBuyer = auth.permissions.has('BuyerCreate') || auth.permissions.has('BuyerManagement_CRUD');
  return issuerRows.map((i) => ({
    issuerId: i.id,
    issuerName: i.name,
    currency: i.currency,
    canCreateBuyer,
    buyers: buyerRows.filter((b) => b.issuerId === i.id).map((b) => ({ id: b.id, name: b.name })),
  }));
}

export async function renameJob(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  name: string,
  req: FastifyRequest,
): Promise<void> {
  const row = await visibleJob(ctx, auth, jobId);
  if (!abilitiesOf(auth, row.job).canRename)
    throw forbidden('Only the owner or a user who may rename jobs can rename this job');
  if (await jobNameTaken(ctx.db, name, row.job.issuerId, row.job.buyerId, jobId))
    throw conflict(`A job named "${name}" already exists for this buyer`, 'name');
  await ctx.db.transaction(async (tx) => {
    await updateJob(tx, jobId, { name });
    await addJobLog(tx, {
      jobId,
      message: `Renamed from "${row.job.name}" to "${name}" by ${auth.user.displayName}`,
    });
    await writeAudit(
      tx,
      {
        action: 'job.rename',
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
        details: { from: row.job.name, to: name },
      },
      req,
    );
  });
}

export async function setPublished(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  isPublished: boolean,
  req: FastifyRequest,
): Promise<void> {
  const row = await visibleJob(ctx, auth, jobId);
  await ctx.db.transaction(async (tx) => {
    await updateJob(tx, jobId, { isPublished });
    await addJobLog(tx, {
      jobId,
      message: `${isPublished ? 'Published' : 'Unpublished'} by ${auth.user.displayName}`,
    });
    await writeAudit(
      tx,
      {
        action: isPublished ? 'job.publish' : 'job.unpublish',
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
      },
      req,
    );
  });
}

/** Deletes a job, its files and results; its queued commands are canceled first. */
export async function deleteJob(ctx: AppContext, auth: AuthContext, jobId: string, req: FastifyRequest): Promise<void> {
  const row = await visibleJob(ctx, auth, jobId);
  const open = await openCommandsOfJob(ctx.db, jobId);
  for (const c of open) await ctx.proq.cancel(c.id, 'Job deleted').catch(() => undefined);
  await ctx.db.transaction(async (tx) => {
    await deleteJobRow(tx, jobId);
    await writeAudit(
      tx,
      {
        action: 'job.delete',
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
        details: { name: row.job.name },
      },
      req,
    );
  });
  await ctx.blobs.deletePrefix(jobKey(jobId));
  // Derived caches of its results, and the global insights without it (subscribers of job-events.ts).
  await publishJobDeleted(ctx, { jobId });
}
