/**
 * Resource hub (SPEC §2 /resource-hub) and its admin (video resources): videos and documents, uploaded or linked.
 *
 * Record rule (DESIGN §6, tenant = issuer): internal staff see every resource; everyone else sees the resources
 * visible to All and those limited to an issuer they belong to. Anything else answers 404, its file included.
 * Managing (VideoResources_CRUD) is limited the same way, and a tenant administrator may only create or keep
 * resources limited to their own issuers (never All, never another issuer: 403 on a visible one, 404 otherwise).
 * Every change is audited in the transaction that makes it; files are written before the row points at them and
 * removed after the row stops pointing at them, so a crash leaves at worst an unused file, never a broken row.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RESOURCE_FILE_TYPES,
  type TResource,
  type TResourceList,
  type ZResourceCreate,
  type ZResourceListQuery,
  type ZResourceUpdate,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { isInternalStaff, tenantScopeOf } from '../authorization/index.ts';
import { visibleJob } from '../authorization/index.ts';
import {
  categoryCounts,
  deleteResource,
  existingIssuerIds,
  findResource,
  insertResource,
  listResources,
  replaceResourceIssuers,
  resourceVisibleCondition,
  resourceVisibleToIssuer,
  updateResource,
  type ResourceListRow,
} from './resource-hub.repo.ts';
import {
  removeResourceFolder,
  removeStored,
  serveStored,
  storePoster,
  storeResourceFile,
} from './resource-hub.files.ts';

type Create = z.output<typeof ZResourceCreate>;
type Update = z.output<typeof ZResourceUpdate>;
type ListQuery = z.output<typeof ZResourceListQuery>;

const base = '/api/v1/resources';

export function toResource(r: ResourceListRow): TResource {
  const x = r.resource;
  const hasFile = x.source === 'upload' && Boolean(x.filePath);
  const version = x.fileUploadedAt ? `?v=${x.fileUploadedAt.getTime()}` : '';
  return {
    id: x.id,
    title: x.title,
    description: x.description,
    category: x.category,
    language: x.language,
    mediaKind: x.mediaKind,
    source: x.source,
    visibility: x.visibility,
    issuerIds: r.issuerIds ?? [],
    issuerNames: r.issuerNames ?? [],
    url: x.source === 'link' ? x.url : null,
    file: hasFile
      ? {
          fileName: x.fileName ?? 'file',
          contentType: x.contentType ?? 'application/octet-stream',
          sizeBytes: Number(x.sizeBytes ?? 0),
          uploadedAt: (x.fileUploadedAt ?? x.updatedAt).toISOString(),
        }
      : null,
    contentUrl: x.source === 'link' ? x.url : hasFile ? `${base}/${x.id}/content${version}` : null,
    posterUrl: x.posterPath ? `${base}/${x.id}/poster?v=${x.updatedAt.getTime()}` : null,
    ready: x.source === 'link' || hasFile,
    createdByUsername: r.createdByUsername,
    createdAt: x.createdAt.toISOString(),
    updatedAt: x.updatedAt.toISOString(),
  };
}

const scopeOf = async (ctx: AppContext, auth: AuthContext) => (await tenantScopeOf(ctx, auth)).readIssuerIds;

/** The hub: ready resources the caller sees (or, with jobId, those visible to that job's issuer). */
export async function hubList(ctx: AppContext, auth: AuthContext, q: ListQuery): Promise<TResourceList> {
  const scope = await scopeOf(ctx, auth);
  let visible = resourceVisibleCondition(scope);
  if (q.jobId) {
    const job = await visibleJob(ctx, auth, q.jobId); // 404 for a job the caller cannot see
    const forIssuer = resourceVisibleToIssuer(job.job.issuerId);
    visible = visible ? and(visible, forIssuer) : forIssuer;
  }
  const [rows, counts] = await Promise.all([
    listResources(ctx.db, { visible, readyOnly: true, ...q }),
    categoryCounts(ctx.db, visible),
  ]);
  return { collection: rows.map(toResource), categoryCounts: counts };
}

/** The admin list: every resource the caller sees, including uploads still without their file. */
export async function manageList(ctx: AppContext, auth: AuthContext, q: ListQuery): Promise<TResourceList> {
  const visible = resourceVisibleCondition(await scopeOf(ctx, auth));
  const [rows, counts] = await Promise.all([
    listResources(ctx.db, { visible, readyOnly: false, ...q }),
    categoryCounts(ctx.db, visible),
  ]);
  return { collection: rows.map(toResource), categoryCounts: counts };
}

async function visibleRow(ctx: AppContext, auth: AuthContext, id: string): Promise<ResourceListRow> {
  const row = await findResource(ctx.db, id, resourceVisibleCondition(await scopeOf(ctx, auth)));
  if (!row) throw notFound('Resource');
  return row;
}

export async function getResource(ctx: AppContext, auth: AuthContext, id: string): Promise<TResource> {
  return toResource(await visibleRow(ctx, auth, id));
}

/**
 * Checks what a caller may set: issuers must exist (400 naming the field), and tenant administrators may only
 * limit resources to their own issuers.
 */
async function checkAudience(
  ctx: AppContext,
  auth: AuthContext,
  visibility: 'All' | 'Issuers',
  issuerIds: string[],
): Promise<string[]> {
  if (visibility === 'All') {
    if (!isInternalStaff(auth))
      throw forbidden('Only internal staff can publish a resource to every issuer; limit it to your issuers');
    return [];
  }
  const ids = [...new Set(issuerIds)];
  const known = new Set(await existingIssuerIds(ctx.db, ids));
  const unknown = ids.findIndex((i) => !known.has(i));
  if (unknown >= 0) throw fieldError(`body.issuerIds.${unknown}`, 'Issuer was not found');
  const scope = await scopeOf(ctx, auth);
  if (scope !== null) {
    const outside = ids.findIndex((i) => !scope.includes(i));
    if (outside >= 0) throw fieldError(`body.issuerIds.${outside}`, 'Issuer was not found');
  }
  return ids;
}

/** A visible resource the caller may change: tenant administrators only those limited to their issuers. */
async function manageableRow(ctx: AppContext, auth: AuthContext, id: string): Promise<ResourceListRow> {
  const row = await visibleRow(ctx, auth, id);
  if (!isInternalStaff(auth)) {
    const scope = (await scopeOf(ctx, auth)) ?? [];
    if (row.resource.visibility === 'All' || row.issuerIds.some((i) => !scope.includes(i)))
      throw forbidden('This resource is shared beyond your issuers; only internal staff can change it');
  }
  return row;
}

const audit = (
  db: Parameters<typeof writeAudit>[0],
  req: FastifyRequest,
  action: string,
  id: string,
  details: Record<string, unknown>,
) => writeAudit(db, { action: `resource.${action}`, targetType: 'resource', targetId: id, details }, req);

export async function createResource(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: Create,
): Promise<string> {
  const issuerIds = await checkAudience(ctx, auth, body.visibility, body.issuerIds);
  return ctx.db.transaction(async (tx) => {
    const id = await insertResource(tx, {
      title: body.title,
      description: body.description,
      category: body.category,
      language: body.language,
      visibility: body.visibility,
      source: body.source,
      // An upload's kind comes from its file's content; until then it is taken as a video (the admin's name).
      mediaKind: body.source === 'link' ? body.mediaKind! : (body.mediaKind ?? 'video'),
      url: body.source === 'link' ? body.url! : null,
      createdBy: auth.user.id,
    });
    await replaceResourceIssuers(tx, id, issuerIds);
    await audit(tx, req, 'create', id, {
      title: body.title,
      category: body.category,
      language: body.language,
      source: body.source,
      visibility: body.visibility,
      issuerIds,
      url: body.url ?? null,
    });
    return id;
  });
}

export async function changeResource(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
  body: Update,
): Promise<void> {
  const row = await manageableRow(ctx, auth, id);
  const issuerIds = await checkAudience(ctx, auth, body.visibility, body.issuerIds);
  const r = row.resource;
  if (r.source === 'upload' && body.url) throw fieldError('body.url', 'An upload resource has no link');
  if (r.source === 'upload' && body.mediaKind && r.filePath && body.mediaKind !== r.mediaKind)
    throw fieldError('body.mediaKind', `The uploaded file is a ${r.mediaKind}; its kind follows its content`);
  const next = {
    title: body.title,
    description: body.description,
    category: body.category,
    language: body.language,
    visibility: body.visibility,
    ...(r.source === 'link' ? { url: body.url ?? r.url, mediaKind: body.mediaKind ?? r.mediaKind } : {}),
  };
  const before: Record<string, unknown> = {
    title: r.title,
    description: r.description,
    category: r.category,
    language: r.language,
    visibility: r.visibility,
    url: r.url,
    mediaKind: r.mediaKind,
    issuerIds: row.issuerIds,
  };
  const after: Record<string, unknown> = { ...before, ...next, issuerIds };
  const changes = Object.fromEntries(
    Object.keys(after)
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => [k, { from: before[k], to: after[k] }]),
  );
  await ctx.db.transaction(async (tx) => {
    await updateResource(tx, id, next);
    await replaceResourceIssuers(tx, id, issuerIds);
    await audit(tx, req, 'update', id, changes);
  });
}

export async function removeResource(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<string> {
  const row = await manageableRow(ctx, auth, id);
  await ctx.db.transaction(async (tx) => {
    await deleteResource(tx, id);
    await audit(tx, req, 'delete', id, { title: row.resource.title, fileName: row.resource.fileName });
  });
  await removeResourceFolder(ctx, id);
  return row.resource.title;
}

export async function uploadFile(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<TResource> {
  const row = await manageableRow(ctx, auth, id);
  if (row.resource.source !== 'upload')
    throw conflict('This resource is an external link; it has no file to upload', 'file');
  const stored = await storeResourceFile(req, ctx, id, ctx.config.RESOURCE_MAX_MB * 1024 * 1024);
  const type = stored.contentType;
  try {
    await ctx.db.transaction(async (tx) => {
      await updateResource(tx, id, {
        filePath: stored.relPath,
        fileName: stored.fileName,
        contentType: type,
        sizeBytes: stored.sizeBytes,
        mediaKind: RESOURCE_FILE_TYPES[type].kind,
        fileUploadedAt: new Date(),
      });
      await audit(tx, req, 'file.upload', id, {
        fileName: stored.fileName,
        contentType: type,
        sizeBytes: stored.sizeBytes,
        replaced: row.resource.fileName,
      });
    });
  } catch (err) {
    await removeStored(ctx, stored.relPath);
    throw err;
  }
  await removeStored(ctx, row.resource.filePath);
  return getResource(ctx, auth, id);
}

export async function uploadPoster(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<TResource> {
  const row = await manageableRow(ctx, auth, id);
  const stored = await storePoster(req, ctx, id);
  try {
    await ctx.db.transaction(async (tx) => {
      await updateResource(tx, id, { posterPath: stored.relPath, posterContentType: stored.contentType });
      await audit(tx, req, 'poster.upload', id, { fileName: stored.fileName, contentType: stored.contentType });
    });
  } catch (err) {
    await removeStored(ctx, stored.relPath);
    throw err;
  }
  await removeStored(ctx, row.resource.posterPath);
  return getResource(ctx, auth, id);
}

export async function removePoster(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  id: string,
): Promise<TResource> {
  const row = await manageableRow(ctx, auth, id);
  if (!row.resource.posterPath) throw notFound('Poster');
  await ctx.db.transaction(async (tx) => {
    await updateResource(tx, id, { posterPath: null, posterContentType: null });
    await audit(tx, req, 'poster.delete', id, {});
  });
  await removeStored(ctx, row.resource.posterPath);
  return getResource(ctx, auth, id);
}

export async function sendContent(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  id: string,
): Promise<FastifyReply> {
  const r = (await visibleRow(ctx, auth, id)).resource;
  if (r.source !== 'upload' || !r.filePath || !r.contentType) throw notFound('Resource file');
  return serveStored(req, reply, ctx, r.filePath, r.contentType, r.fileName ?? 'file');
}

export async function sendPoster(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  id: string,
): Promise<FastifyReply> {
  const r = (await visibleRow(ctx, auth, id)).resource;
  if (!r.posterPath || !r.posterContentType) throw notFound('Poster');
  return serveStored(req, reply, ctx, r.posterPath, r.posterContentType, 'poster');
}
