/** SQL of magic links: the admin list, job-upload link issue / revoke / use, and the upload-link accounts. */
import { aliasedTable, and, count, desc, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  buyers,
  issuers,
  jobArtifacts,
  jobArtifactUsers,
  jobFiles,
  signInTokens,
  users,
  type DbOrTx,
} from '@sextant/db';
import type { TMagicLinkState, TSignInTokenPurpose } from '@sextant/shared';
import { jobVisibleCondition, usersInIssuers, type JobVisibility } from '../authorization/index.ts';
import { forgetJobAccess } from '../authorization/index.ts';

/** Upload-link accounts: one per email, never able to sign in (no password, no email, no roles). */
export const UPLOAD_LINK_PROVIDER = 'upload-link';

export const linkStateExpr = sql<TMagicLinkState>`case
  when ${signInTokens.revokedAt} is not null then 'Revoked'
  when ${signInTokens.usedAt} is not null then 'Used'
  when ${signInTokens.expiresAt} <= now() then 'Expired'
  else 'Pending' end`;

/** Which links a caller may see: internal staff every link; others those of their jobs or their issuers' users. */
export interface LinkScope {
  all: boolean;
  jobs: JobVisibility;
  readIssuerIds: readonly string[] | null;
}

function scopeCondition(s: LinkScope): SQL | undefined {
  if (s.all) return undefined;
  const userIn = usersInIssuers(s.readIssuerIds);
  const ownUsers = userIn
    ? sql`${signInTokens.userId} in (select ${users.id} from ${users} where ${userIn})`
    : sql`false`;
  return or(
    sql`${signInTokens.jobArtifactId} in (select ${jobArtifacts.id} from ${jobArtifacts} where ${jobVisibleCondition(s.jobs)})`,
    and(isNull(signInTokens.jobArtifactId), ownUsers),
  );
}

const issuer = aliasedTable(users, 'issued_by_user');
const revoker = aliasedTable(users, 'revoked_by_user');

const linkColumns = {
  id: signInTokens.id,
  purpose: signInTokens.purpose,
  state: linkStateExpr,
  email: signInTokens.email,
  userId: signInTokens.userId,
  username: users.username,
  userDisplayName: users.displayName,
  jobId: signInTokens.jobArtifactId,
  jobName: jobArtifacts.name,
  issuerName: issuers.name,
  issuedBy: issuer.username,
  createdAt: signInTokens.createdAt,
  expiresAt: signInTokens.expiresAt,
  usedAt: signInTokens.usedAt,
  lastUsedAt: signInTokens.lastUsedAt,
  useCount: signInTokens.useCount,
  revokedAt: signInTokens.revokedAt,
  revokedBy: revoker.username,
};
export type LinkRow = Awaited<ReturnType<typeof linkRows>>[number];

function linkRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(linkColumns)
    .from(signInTokens)
    .leftJoin(users, eq(users.id, signInTokens.userId))
    .leftJoin(jobArtifacts, eq(jobArtifacts.id, signInTokens.jobArtifactId))
    .leftJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(issuer, eq(issuer.id, signInTokens.issuedBy))
    .leftJoin(revoker, eq(revoker.id, signInTokens.revokedBy))
    .where(where)
    .orderBy(desc(signInTokens.createdAt), desc(signInTokens.id));
}

export async function pageLinks(
  db: DbOrTx,
  scope: LinkScope,
  f: { purpose?: TSignInTokenPurpose; state?: TMagicLinkState; q?: string; page: number; pageSize: number },
): Promise<{ rows: LinkRow[]; total: number; pending: number }> {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const base = and(
    scopeCondition(scope),
    f.purpose ? eq(signInTokens.purpose, f.purpose) : undefined,
    like ? or(ilike(signInTokens.email, like), ilike(users.username, like), ilike(jobArtifacts.name, like)) : undefined,
  );
  const where = and(base, f.state ? sql`${linkStateExpr} = ${f.state}` : undefined);
  const rows = await linkRows(db, where)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const counted = (w: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(signInTokens)
      .leftJoin(users, eq(users.id, signInTokens.userId))
      .leftJoin(jobArtifacts, eq(jobArtifacts.id, signInTokens.jobArtifactId))
      .where(w);
  const [[total], [pending]] = await Promise.all([
    counted(where),
    counted(and(scopeCondition(scope), sql`${linkStateExpr} = 'Pending'`)),
  ]);
  return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
}

export async function linkById(db: DbOrTx, scope: LinkScope, id: string): Promise<LinkRow | undefined> {
  const [row] = await linkRows(db, and(eq(signInTokens.id, id), scopeCondition(scope)));
  return row;
}

/** The upload-link account of an email, created on first use (no password, no email column, no roles). */
export async function uploadLinkAccount(
  tx: DbOrTx,
  email: string,
  displayName: string | undefined,
): Promise<{ id: string; username: string; created: boolean }> {
  const [existing] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.idProviderName, UPLOAD_LINK_PROVIDER), eq(users.idpId, email)));
  if (existing) return { ...existing, created: false };
  const [made] = await tx
    .insert(users)
    .values({
      idProviderName: UPLOAD_LINK_PROVIDER,
      idpId: email,
      username: `${UPLOAD_LINK_PROVIDER}:${email}`,
      email: null,
      displayName: displayName || email,
      approved: true,
      eligible: false,
    })
    .returning({ id: users.id, username: users.username });
  return { ...made!, created: true };
}

export async function insertUploadLink(
  tx: DbOrTx,
  v: { tokenHash: string; userId: string; email: string; jobId: string; issuedBy: string; expiresAt: Date },
): Promise<string> {
  await tx
    .insert(jobArtifactUsers)
    .values({ jobArtifactId: v.jobId, userId: v.userId, connectionType: 'MagicLinkUser', assignedBy: v.issuedBy })
    .onConflictDoNothing();
  forgetJobAccess(v.jobId);
  const [row] = await tx
    .insert(signInTokens)
    .values({
      tokenHash: v.tokenHash,
      purpose: 'job-upload',
      userId: v.userId,
      email: v.email,
      jobArtifactId: v.jobId,
      issuedBy: v.issuedBy,
      expiresAt: v.expiresAt,
    })
    .returning({ id: signInTokens.id });
  return row!.id;
}

/** Marks a link revoked unless it is already revoked, used or expired; true when this call revoked it. */
export async function revokeLink(tx: DbOrTx, id: string, by: string): Promise<boolean> {
  const rows = await tx
    .update(signInTokens)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(
      and(
        eq(signInTokens.id, id),
        isNull(signInTokens.revokedAt),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: signInTokens.id });
  return rows.length > 0;
}

/** Drops a job's MagicLinkUser row when none of that user's other links to the job is still open. */
export async function dropMagicLinkAssignmentIfUnused(
  tx: DbOrTx,
  jobId: string,
  userId: string,
  exceptLinkId: string,
): Promise<boolean> {
  const [open] = await tx
    .select({ n: count() })
    .from(signInTokens)
    .where(
      and(
        eq(signInTokens.jobArtifactId, jobId),
        eq(signInTokens.userId, userId),
        ne(signInTokens.id, exceptLinkId),
        isNull(signInTokens.revokedAt),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, new Date()),
      ),
    );
  if ((open?.n ?? 0) > 0) return false;
  forgetJobAccess(jobId);
  const rows = await tx
    .delete(jobArtifactUsers)
    .where(
      and(
        eq(jobArtifactUsers.jobArtifactId, jobId),
        eq(jobArtifactUsers.userId, userId),
        eq(jobArtifactUsers.connectionType, 'MagicLinkUser'),
      ),
    )
    .returning({ id: jobArtifactUsers.userId });
  return rows.length > 0;
}

/** A job-upload link by its token hash, with its job. */
export async function uploadLinkByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: signInTokens.id,
      purpose: signInTokens.purpose,
      state: linkStateExpr,
      email: signInTokens.email,
      userId: signInTokens.userId,
      expiresAt: signInTokens.expiresAt,
      jobId: signInTokens.jobArtifactId,
      jobName: jobArtifacts.name,
      jobType: jobArtifacts.type,
      jobStatus: jobArtifacts.status,
      issuerId: jobArtifacts.issuerId,
      issuerName: issuers.name,
      buyerName: buyers.name,
    })
    .from(signInTokens)
    .leftJoin(jobArtifacts, eq(jobArtifacts.id, signInTokens.jobArtifactId))
    .leftJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .where(eq(signInTokens.tokenHash, tokenHash));
  return row;
}

/** Files the link's account uploaded into the job (never anybody else's). */
export function filesUploadedBy(db: DbOrTx, jobId: string, userId: string) {
  return db
    .select({
      id: jobFiles.id,
      originalName: jobFiles.originalName,
      dataKind: jobFiles.dataKind,
      uploadedAt: jobFiles.createdAt,
      status: jobFiles.status,
      validation: jobFiles.validation,
    })
    .from(jobFiles)
    .where(and(eq(jobFiles.jobArtifactId, jobId), eq(jobFiles.uploadedBy, userId)))
    .orderBy(jobFiles.createdAt);
}

/** Counts one upload made with an open link (false when it closed meanwhile). */
export async function countLinkUse(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(signInTokens)
    .set({ useCount: sql`${signInTokens.useCount} + 1`, lastUsedAt: new Date() })
    .where(
      and(
        eq(signInTokens.id, id),
        isNull(signInTokens.revokedAt),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: signInTokens.id });
  return rows.length > 0;
}

/** Closes an open link (the holder finished uploading); false when it was not open. */
export async function finishLink(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(signInTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(signInTokens.id, id),
        isNull(signInTokens.revokedAt),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: signInTokens.id });
  return rows.length > 0;
}

/** The issuer's name and input data options (an upload link needs SendUploadLink). */
export async function issuerUploadOptions(db: DbOrTx, issuerId: string) {
  const [iss] = await db
    .select({
      name: issuers.name,
      options: issuers.inputDataOptions,
      language: issuers.language,
      brandingId: issuers.brandingId,
    })
    .from(issuers)
    .where(eq(issuers.id, issuerId));
  return iss;
}
