/**
 * Job artifact administration that needs only the existing tables (SPEC §7 Job artifacts): the admin view,
 * jobs assignable to a user, owner change and direct assignment. Every record goes through the job access rule
 * of authorization.service (jobVisibilityOf): a job the caller cannot see answers 404, as does a user outside
 * the caller's tenant scope. Changes are audited.
 */
import type { FastifyRequest } from 'fastify';
import {
  STANDARD_ROLES,
  type TAssignableJobArtifact,
  type TConnectionType,
  type TJobArtifactAdmin,
  type TRole,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { jobVisibleCondition, userExists } from '../authorization/index.ts';
import { assertUserManageable, jobVisibilityOf } from '../authorization/index.ts';
import {
  assignableJobs,
  findJob,
  issuerManagers,
  rolesOf,
  setDirectAssignment,
  setJobOwner,
  storedConnections,
} from './job-artifacts.repo.ts';

async function visibleJob(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findJob(ctx.db, id, jobVisibleCondition(await jobVisibilityOf(ctx, auth)));
  if (!row) throw notFound('Job artifact');
  return row;
}

/** The owner's main role: the first of their standard roles in tier order. */
const mainRole = (roles: readonly string[]): TRole | null => STANDARD_ROLES.find((r) => roles.includes(r)) ?? null;

export async function jobAdminView(ctx: AppContext, auth: AuthContext, id: string): Promise<TJobArtifactAdmin> {
  const row = await visibleJob(ctx, auth, id);
  const j = row.job;
  const [ownerRoles, stored, managers] = await Promise.all([
    rolesOf(ctx.db, j.ownerId),
    storedConnections(ctx.db, id),
    issuerManagers(ctx.db, j.issuerId),
  ]);
  const seen = new Set<string>();
  const authorizedEndUsers: TJobArtifactAdmin['authorizedEndUsers'] = [];
  const add = (userId: string, username: string, connectionType: TConnectionType) => {
    const key = `${userId}:${connectionType}`;
    if (seen.has(key)) return;
    seen.add(key);
    authorizedEndUsers.push({ userId, username, connectionType });
  };
  add(j.ownerId, row.ownerUsername, 'Owner');
  for (const s of stored)
    if (s.connectionType !== 'Owner' || s.userId === j.ownerId) add(s.userId, s.username, s.connectionType);
  for (const m of managers) add(m.userId, m.username, 'IssuerManager');
  return {
    id: j.id,
    name: j.name,
    isPublished: j.isPublished,
    owner: { id: j.ownerId, username: row.ownerUsername, role: mainRole(ownerRoles) },
    issuerId: j.issuerId,
    issuerName: row.issuerName,
    issuerEmailDomains: row.issuerEmailDomains,
    authorizedEndUsers,
  };
}

/** Jobs the caller can see that the user {userId} cannot open yet (not owner, not directly assigned). */
export async function assignableJobArtifacts(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
): Promise<TAssignableJobArtifact[]> {
  await assertUserManageable(ctx, auth, userId);
  const rows = await assignableJobs(ctx.db, userId, jobVisibleCondition(await jobVisibilityOf(ctx, auth)));
  return rows.map((r) => ({ ...r, createdOn: r.createdOn.toISOString() }));
}

export async function changeJobOwner(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  ownerId: string,
): Promise<string> {
  const row = await visibleJob(ctx, auth, id);
  await assertUserManageable(ctx, auth, ownerId);
  const owner = await userExists(ctx.db, ownerId);
  if (!owner) throw notFound('User');
  if (owner.isDeactivated)
    throw conflict(`ownerId: ${owner.username} is deactivated and cannot own a job`, 'body.ownerId');
  if (row.job.ownerId === ownerId) return `${owner.username} already owns ${row.job.name}`;
  await ctx.db.transaction(async (tx) => {
    await setJobOwner(tx, id, ownerId, auth.user.id);
    await writeAudit(
      tx,
      {
        action: 'job.owner.update',
        targetType: 'job-artifact',
        targetId: id,
        issuerId: row.job.issuerId,
        details: { from: row.job.ownerId, to: ownerId },
      },
      req,
    );
  });
  return `${owner.username} now owns ${row.job.name}`;
}

export async function updateUserAssignment(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: { jobArtifactId: string; userId: string; isAssigned: boolean },
): Promise<string> {
  const row = await visibleJob(ctx, auth, body.jobArtifactId);
  await assertUserManageable(ctx, auth, body.userId);
  const user = await userExists(ctx.db, body.userId);
  if (!user) throw notFound('User');
  if (body.isAssigned && user.isDeactivated)
    throw conflict(`userId: ${user.username} is deactivated and cannot be assigned`, 'body.userId');
  const changed = await ctx.db.transaction(async (tx) => {
    const done = await setDirectAssignment(tx, body.jobArtifactId, body.userId, body.isAssigned, auth.user.id);
    if (done)
      await writeAudit(
        tx,
        {
          action: body.isAssigned ? 'job.user.assign' : 'job.user.unassign',
          targetType: 'job-artifact',
          targetId: body.jobArtifactId,
          issuerId: row.job.issuerId,
          details: { userId: body.userId, username: user.username },
        },
        req,
      );
    return done;
  });
  const verb = body.isAssigned
    ? changed
      ? 'is now assigned to'
      : 'was already assigned to'
    : changed
      ? 'is no longer assigned to'
      : 'was not assigned to';
  return `${user.username} ${verb} ${row.job.name}`;
}
