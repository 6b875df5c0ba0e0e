/**
 * User administration (SPEC §7 Users). Record rule: the caller administers only the users in their tenant scope
 * (internal staff: everyone; an issuer manager: the non-internal users of the issuers they manage) — see
 * authorization.service. Whether a user is internal staff is set only by internal administrators
 * (setInternalStaff). Every change is audited (never tokens or passwords).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { users, type DbOrTx } from '@sextant/db';
import {
  ROLE_PERMISSIONS,
  ROLES,
  ZRole,
  avatarInitials,
  type TIssuerMemberRole,
  type TPagedResult,
  type TPagingRequestParsed,
  type TPotentialUserIssuer,
  type TRole,
  type TUserCreate,
  type TUserDetail,
  type TUserListRow,
  type TUserListTab,
  type TUserSummary,
  type TJobArtifactForUser,
  type TUserDeletionPreview,
  escapeHtml,
  PRODUCT_CODE_NAME,
  isRole,
  permissionsOf,
} from '@sextant/shared';
import { sha256 } from '../../lib/crypto.ts';
import type { AppContext } from '../../context.ts';
import { isEligible, type AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { sendEmail } from '../../lib/email.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { createInvitationLink, destroyUserSessions } from '../auth/index.ts';
import { rolesView, userDefaults } from '../auth/index.ts';
import { renderBrandedEmail } from '../../lib/email-template.ts';
import { emailTextIn, INVITATION_EMAIL } from '../../lib/email-texts.ts';
import { emailBrandingOf } from '../../lib/email-branding.ts';
import { getSetting } from '../system/index.ts';
import { jobVisibleCondition, usersInIssuers } from '../authorization/index.ts';
import {
  assertUserManageable,
  grantablePermissions,
  inScope,
  isInternalStaff,
  jobVisibilityOf,
  tenantScopeOf,
  type TenantScope,
} from '../authorization/index.ts';
import { brandingInScope } from '../brandings/index.ts';
import { assignableJobs } from '../job-artifacts/index.ts';
import {
  activeUserCondition,
  brandingById,
  emailTaken,
  eraseUser,
  findUser,
  personalRecordCounts,
  findUserListRow,
  firstIssuerOf,
  hasLiveSession,
  holdsGrant,
  insertUser,
  issuerById,
  issuersWithMembership,
  listUserSummaries,
  memberOfOrStaff,
  notMemberOf,
  pageDirectlyAssigned,
  pageUsers,
  rolesAndPermissionsOf,
  searchCondition,
  tabCondition,
  updateUser,
  usernameTaken,
  type UserListRow,
  type UserRow,
} from './users.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toListRow(r: UserListRow): TUserListRow {
  const u = r.user;
  return {
    id: u.id,
    username: u.username,
    displayName: u.displayName,
    givenName: u.givenName,
    surname: u.surname,
    email: u.email,
    approved: u.approved,
    pending: u.pending,
    isDeactivated: u.isDeactivated,
    lastActivityAt: iso(u.lastActivityAt),
    issuerIds: r.issuerIds ?? [],
    issuerNames: r.issuerNames ?? [],
    effectiveBrandingId: r.effectiveBrandingId,
    effectiveBrandingDisplayName: r.effectiveBrandingDisplayName,
    isBrandingInherited: !u.brandingId && Boolean(r.effectiveBrandingId),
  };
}

/** Users a tenant manager administers: the non-internal users of the issuers they manage (everyone for staff). */
function manageableUsers(scope: TenantScope) {
  return scope.manageIssuerIds === null
    ? undefined
    : and(usersInIssuers(scope.manageIssuerIds), eq(users.isInternal, false));
}

async function userScopeCondition(ctx: AppContext, auth: AuthContext) {
  return manageableUsers(await tenantScopeOf(ctx, auth));
}

/** An internal administrator: internal staff whose own roles (not a switch, not an extra) hold User_CRUD. */
export const isInternalAdministrator = (auth: AuthContext) =>
  isInternalStaff(auth) && grantablePermissions(auth).has('User_CRUD');

/** The audit row of a change to a user; `db` is the change's transaction. */
async function auditUser(
  db: DbOrTx,
  req: FastifyRequest,
  action: string,
  userId: string,
  details?: Record<string, unknown>,
) {
  const issuerId = await firstIssuerOf(db, userId);
  await writeAudit(
    db,
    { action, targetType: 'user', targetId: userId, ...(issuerId ? { issuerId } : {}), details },
    req,
  );
}

async function manageableUser(ctx: AppContext, auth: AuthContext, id: string): Promise<UserRow> {
  await assertUserManageable(ctx, auth, id);
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound('User');
  return user;
}

export async function listTab(
  ctx: AppContext,
  auth: AuthContext,
  tab: TUserListTab,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TUserListRow>> {
  return pageUsers(ctx.db, request, and(tabCondition(tab), await userScopeCondition(ctx, auth)), toListRow);
}

export async function listUsers(ctx: AppContext, auth: AuthContext): Promise<TUserSummary[]> {
  return listUserSummaries(ctx.db, await userScopeCondition(ctx, auth));
}

export async function getUserDetail(ctx: AppContext, auth: AuthContext, id: string): Promise<TUserDetail> {
  await assertUserManageable(ctx, auth, id);
  const row = await findUserListRow(ctx.db, id);
  if (!row) throw notFound('User');
  const u = row.user;
  const scope = await tenantScopeOf(ctx, auth);
  const [{ roles, permissions }, terms, privacy, branding, live, memberships, visibility] = await Promise.all([
    rolesAndPermissionsOf(ctx.db, id),
    getSetting(ctx.db, 'latestTermsVersion'),
    getSetting(ctx.db, 'latestPrivacyVersion'),
    row.effectiveBrandingId ? brandingById(ctx.db, row.effectiveBrandingId) : undefined,
    hasLiveSession(ctx.db, id),
    issuersWithMembership(ctx.db, id, scope.readIssuerIds),
    jobVisibilityOf(ctx, auth),
  ]);
  const assignable = await assignableJobs(ctx.db, id, jobVisibleCondition(visibility), 1);
  return {
    id: u.id,
    idpId: u.idpId,
    idProviderName: u.idProviderName,
    username: u.username,
    displayName: u.displayName,
    givenName: u.givenName,
    surname: u.surname,
    email: { email: u.email },
    avatarInitials: avatarInitials(u),
    roles: rolesView(roles.filter((r): r is TRole => ZRole.safeParse(r).success)),
    extraPermissions: permissions,
    approved: u.approved,
    isDeactivated: u.isDeactivated,
    eligible: isEligible(u),
    pending: u.pending,
    lastActivityAt: iso(u.lastActivityAt),
    agreedLatestPrivacyPolicy: u.agreedPrivacyVersion === privacy,
    agreedLatestTermsOfService: u.agreedTermsVersion === terms,
    termsStatus: { agreedVersionId: u.agreedTermsVersion, latestVersionId: terms },
    privacyStatus: { agreedVersionId: u.agreedPrivacyVersion, latestVersionId: privacy },
    brandingId: u.brandingId,
    effectiveBrandingId: row.effectiveBrandingId,
    inheritedBrandingId: row.inheritedBrandingId,
    effectiveBrandingDisplayName: row.effectiveBrandingDisplayName,
    branding: branding ? { theme: branding.theme, fullDomainName: branding.fullDomainName } : null,
    canSwitchRoles: u.canSwitchRoles,
    isInternal: u.isInternal,
    canChangeInternal: isInternalAdministrator(auth) && u.id !== auth.user.id,
    authenticated: live,
    hasMoreJobArtifactsToAssign: assignable.length > 0,
    issuers: memberships
      .flatMap((m) => (m.userRole === null ? [] : [{ ...m, userRole: m.userRole }]))
      .map((m) => ({
        issuerId: m.issuerId,
        issuerName: m.issuerName,
        issuerBrandingName: m.issuerBrandingName,
        userRole: m.userRole,
        isDomainUser: m.isDomainUser ?? false,
        emailDomains: m.emailDomains,
      })),
  };
}

export async function directlyAssigned(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TJobArtifactForUser>> {
  await assertUserManageable(ctx, auth, userId);
  const visible = jobVisibleCondition(await jobVisibilityOf(ctx, auth));
  return pageDirectlyAssigned(ctx.db, request, userId, visible, (r) => ({
    ...r,
    createdOn: r.createdOn.toISOString(),
    isDirectAssignment: Boolean(r.isDirectAssignment),
  }));
}

const JOB_CREATOR_ROLES = ROLES.filter((r) => (ROLE_PERMISSIONS[r] as readonly string[]).includes('Job_Create'));

/** Active users who may own a job analysis (hold Job_Create); with issuerId, members of that issuer or internal staff. */
export async function potentialJobAnalysisOwners(
  ctx: AppContext,
  auth: AuthContext,
  q: { search?: string; issuerId?: string },
): Promise<TUserSummary[]> {
  return listUserSummaries(
    ctx.db,
    and(
      activeUserCondition(),
      holdsGrant(JOB_CREATOR_ROLES, 'Job_Create'),
      q.issuerId ? memberOfOrStaff(q.issuerId) : undefined,
      searchCondition(q.search),
      await userScopeCondition(ctx, auth),
    ),
    200,
  );
}

/** Active users not yet members of the issuer (the issuer must be one the caller manages). */
export async function potentialIssuerUsers(
  ctx: AppContext,
  auth: AuthContext,
  q: { issuerId: string; search?: string },
): Promise<TUserSummary[]> {
  const scope = await tenantScopeOf(ctx, auth);
  if (!inScope(scope.readIssuerIds, q.issuerId) || !(await issuerById(ctx.db, q.issuerId))) throw notFound('Issuer');
  if (!inScope(scope.manageIssuerIds, q.issuerId)) throw forbidden('Only a manager of this issuer can add users to it');
  return listUserSummaries(
    ctx.db,
    and(eq(users.isDeactivated, false), notMemberOf(q.issuerId), searchCondition(q.search), manageableUsers(scope)),
    200,
  );
}

/** Issuers (in the caller's scope) with the user's membership, and whether the user's email domain matches. */
export async function potentialUserIssuers(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
): Promise<TPotentialUserIssuer[]> {
  const user = await manageableUser(ctx, auth, userId);
  const scope = await tenantScopeOf(ctx, auth);
  // An email its identity provider did not verify says nothing about the issuer the person belongs to.
  const domain = user.emailVerified ? user.email?.split('@')[1]?.toLowerCase() : undefined;
  const rows = await issuersWithMembership(ctx.db, userId, scope.manageIssuerIds);
  return rows.map((r) => ({
    issuerId: r.issuerId,
    issuerName: r.issuerName,
    issuerBrandingName: r.issuerBrandingName,
    emailDomains: r.emailDomains,
    isAssigned: r.userRole !== null,
    userRole: r.userRole ?? null,
    isDomainUser: r.isDomainUser ?? false,
    matchesEmailDomain: Boolean(domain && r.emailDomains.includes(domain)),
  }));
}

export function eligibleStatus(auth: AuthContext) {
  const u = auth.user;
  return {
    eligible: auth.eligible,
    approved: u.approved,
    pending: u.pending,
    isDeactivated: u.isDeactivated,
    reason: auth.eligible ? null : ('UserEligibility' as const),
  };
}

export const currentPermissions = (auth: AuthContext) => [...auth.permissions].sort();

// ---------- changes ----------

export async function deactivateUser(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<string> {
  if (id === auth.user.id) throw fieldError('body.id', 'You cannot deactivate yourself');
  const user = await manageableUser(ctx, auth, id);
  if (user.isDeactivated) return `${user.username} is already deactivated`;
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { isDeactivated: true });
    await auditUser(tx, req, 'user.deactivate', id, { username: user.username });
  });
  await destroyUserSessions(ctx, id);
  return `${user.username} was deactivated and signed out`;
}

export async function reactivateUser(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<string> {
  const user = await manageableUser(ctx, auth, id);
  if (!user.isDeactivated) return `${user.username} is already active`;
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { isDeactivated: false });
    await auditUser(tx, req, 'user.reactivate', id, { username: user.username });
  });
  return `${user.username} was reactivated`;
}

export async function approveUser(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<string> {
  const user = await manageableUser(ctx, auth, id);
  if (user.isDeactivated) throw conflict(`${user.username} is deactivated; reactivate them first`, 'body.id');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { approved: true, pending: false });
    await auditUser(tx, req, 'user.approve', id, { username: user.username });
  });
  return `${user.username} was approved`;
}

/** Emails the user a single-use sign-in link (from their branding's sender). */
export async function inviteUser(ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: string): Promise<string> {
  const user = await manageableUser(ctx, auth, id);
  if (user.isDeactivated) throw conflict(`${user.username} is deactivated and cannot be invited`, 'body.id');
  if (!user.email) throw fieldError('body.id', `${user.username} has no email address to send an invitation to`);
  const link = await createInvitationLink(ctx, user);
  // The reader's branding (their own, else their first issuer's) and language (their first issuer's), as the
  // sign-in email (auth.service requestMagicLink).
  const defaults = await userDefaults(ctx, user);
  const branding = (await emailBrandingOf(ctx.db, ctx.config, defaults.branding?.brandingId)) ?? null;
  const texts = emailTextIn(INVITATION_EMAIL, defaults.language);
  const mail = renderBrandedEmail({
    branding,
    language: defaults.language,
    subject: texts.subject,
    body: texts.body,
    fields: {
      name: user.displayName,
      inviter: auth.user.displayName,
      brand: branding?.brandingDisplayName ?? PRODUCT_CODE_NAME,
      link,
    },
  });
  const token = new URL(link).searchParams.get('token') ?? '';
  const sent = await sendEmail(ctx, {
    to: user.email,
    subject: mail.subject,
    ...(token ? { secrets: [token, encodeURIComponent(token), escapeHtml(encodeURIComponent(token))] } : {}),
    text: mail.text,
    html: mail.html,
    ...(mail.from ? { from: mail.from } : {}),
  });
  await auditUser(ctx.db, req, 'user.invite', id, {
    username: user.username,
    to: user.email,
    emailId: sent.id,
    delivery: sent.status,
  });
  return `An invitation was sent to ${user.email}`;
}

export async function setUserBranding(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  brandingId: string | null,
): Promise<string> {
  const user = await manageableUser(ctx, auth, id);
  if (brandingId && (!(await brandingInScope(ctx, auth, brandingId)) || !(await brandingById(ctx.db, brandingId))))
    throw notFound('Branding');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { brandingId });
    await auditUser(tx, req, 'user.branding', id, { from: user.brandingId, to: brandingId });
  });
  return brandingId ? 'Branding set' : 'Branding cleared; the issuer branding applies';
}

/**
 * Makes a user internal staff (scoped to every issuer) or a tenant user (scoped to their memberships; none → no
 * tenant data). Only internal administrators, and never on themselves; audited, and so is a refusal.
 */
export async function setInternalStaff(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  isInternal: boolean,
): Promise<string> {
  if (!isInternalAdministrator(auth)) {
    await writeAudit(
      ctx.db,
      { action: 'user.internal', targetType: 'user', targetId: id, outcome: 'denied', details: { to: isInternal } },
      req,
    );
    throw forbidden('Only internal administrators can change whether a user is internal staff');
  }
  if (id === auth.user.id) throw fieldError('params.id', 'You cannot change whether you yourself are internal staff');
  const user = await manageableUser(ctx, auth, id);
  if (user.isInternal === isInternal)
    return `${user.username} is already ${isInternal ? 'internal staff' : 'a tenant user'}`;
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { isInternal });
    await auditUser(tx, req, 'user.internal', id, { username: user.username, from: user.isInternal, to: isInternal });
  });
  return isInternal
    ? `${user.username} is now internal staff and sees every issuer`
    : `${user.username} is no longer internal staff and sees only the issuers they belong to`;
}

export async function createUser(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: TUserCreate & { email: string },
): Promise<string> {
  const scope = await tenantScopeOf(ctx, auth);
  if (scope.manageIssuerIds !== null && !body.issuerId)
    throw fieldError('body.issuerId', 'Issuer is required: you can only add users to the issuers you manage');
  let membership: { issuerId: string; role: TIssuerMemberRole; isDomainUser: boolean } | undefined;
  if (body.issuerId) {
    const issuer = inScope(scope.readIssuerIds, body.issuerId) ? await issuerById(ctx.db, body.issuerId) : undefined;
    if (!issuer) throw notFound('Issuer');
    if (!inScope(scope.manageIssuerIds, body.issuerId))
      throw forbidden('Only a manager of this issuer can add users to it');
    const domain = body.email.split('@')[1]!.toLowerCase();
    membership = {
      issuerId: issuer.id,
      role: body.issuerRole ?? 'Member',
      isDomainUser: issuer.emailDomains.includes(domain),
    };
  }
  if (await usernameTaken(ctx.db, body.username))
    throw conflict(`username: a user called "${body.username}" already exists`, 'body.username');
  if (await emailTaken(ctx.db, body.email))
    throw conflict(`email: a user with the email ${body.email} already exists`, 'body.email');
  const displayName = body.displayName ?? ([body.givenName, body.surname].filter(Boolean).join(' ') || body.username);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(
      tx,
      {
        idProviderName: 'local',
        idpId: crypto.randomUUID(),
        username: body.username,
        email: body.email,
        emailVerified: true, // entered by an administrator
        displayName,
        givenName: body.givenName || null,
        surname: body.surname || null,
        approved: true,
        pending: false,
      },
      membership,
    );
    await auditUser(tx, req, 'user.create', created.id, {
      username: created.username,
      email: created.email,
      issuerId: membership?.issuerId,
      issuerRole: membership?.role,
    });
    return created;
  });
  return user.id;
}

export async function agreeLatest(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  which: 'terms' | 'privacy',
): Promise<string> {
  const version = await getSetting(ctx.db, which === 'terms' ? 'latestTermsVersion' : 'latestPrivacyVersion');
  await ctx.db.transaction(async (tx) => {
    await updateUser(
      tx,
      auth.user.id,
      which === 'terms' ? { agreedTermsVersion: version } : { agreedPrivacyVersion: version },
    );
    await writeAudit(
      tx,
      {
        action: which === 'terms' ? 'user.agree-terms' : 'user.agree-privacy',
        targetType: 'user',
        targetId: auth.user.id,
        details: { version },
      },
      req,
    );
  });
  return `Agreed to version ${version}`;
}

/** The name a deleted user's records keep: "deleted user #" and the first 8 hex digits of a hash of the id. */
export function deletedUserPseudonym(id: string): { username: string; displayName: string } {
  const short = sha256(`deleted-user:${id}`).slice(0, 8);
  return { username: `deleted-${short}`, displayName: `deleted user #${short}` };
}

/**
 * The user a caller may delete (User_Delete): not themselves, within their scope (otherwise 404, as if absent), not
 * already deleted, and holding no grant the caller could not grant (grants are bounded by the granter: deleting
 * someone with more rights than yours is refused).
 */
async function deletableUser(ctx: AppContext, auth: AuthContext, id: string): Promise<UserRow> {
  if (id === auth.user.id) throw forbidden('You cannot delete your own account; ask another administrator');
  const user = await manageableUser(ctx, auth, id);
  if (user.idProviderName === 'deleted') throw notFound('User');
  const { roles, permissions } = await rolesAndPermissionsOf(ctx.db, id);
  const held = permissionsOf(roles.filter(isRole), []);
  for (const p of permissions) held.add(p as never);
  const grantable = grantablePermissions(auth);
  const beyond = [...held].filter((p) => !grantable.has(p)).sort();
  if (beyond.length)
    throw forbidden(
      `You cannot delete ${user.username}: they hold permissions you do not (${beyond.slice(0, 5).join(', ')}${beyond.length > 5 ? ', …' : ''})`,
    );
  return user;
}

export async function userDeletionPreview(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
): Promise<TUserDeletionPreview> {
  const user = await deletableUser(ctx, auth, id);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    pseudonym: deletedUserPseudonym(user.id).displayName,
    ...(await personalRecordCounts(ctx.db, user.id, user.email)),
  };
}

/**
 * Deletes a user (User_Delete): erases their personal data (name, email, avatar initials, sign-in identity and
 * password, sessions, sign-in and upload links, chat conversations, memberships, roles, extra permissions, job
 * assignments, branding and agreements) and keeps their audit records under a pseudonym. Jobs they own stay (owned
 * by the pseudonymised account). Audited with the pseudonym only.
 */
export async function deleteUser(ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: string): Promise<string> {
  const user = await deletableUser(ctx, auth, id);
  const pseudonym = deletedUserPseudonym(user.id);
  const counts = await personalRecordCounts(ctx.db, user.id, user.email);
  const issuerId = await firstIssuerOf(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await eraseUser(tx, user, pseudonym);
    await writeAudit(
      tx,
      {
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        ...(issuerId ? { issuerId } : {}),
        details: { pseudonym: pseudonym.displayName, erased: counts },
      },
      req,
    );
  });
  await destroyUserSessions(ctx, id);
  return `${user.username} was deleted; their records now read "${pseudonym.displayName}"`;
}
