/** Resource hub contracts (SPEC §2 /resource-hub, /admin/analysis-admin/video-resources): videos and documents. */
import { z } from 'zod';
import { ZMutationResult } from './api.ts';
import { ISSUER_LANGUAGE_KEYS } from './values/issuers.ts';
import {
  RESOURCE_CATEGORIES,
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_MEDIA_KINDS,
  RESOURCE_SOURCES,
  RESOURCE_TITLE_MAX,
  RESOURCE_VISIBILITIES,
} from './values/resources.ts';

export * from './values/resources.ts';

const ZTitle = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(RESOURCE_TITLE_MAX, `Title must be at most ${RESOURCE_TITLE_MAX} characters`);
const ZDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(RESOURCE_DESCRIPTION_MAX, `Description must be at most ${RESOURCE_DESCRIPTION_MAX} characters`);
const ZCategory = z.enum(RESOURCE_CATEGORIES, { error: `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}` });
const ZLanguage = z.enum(ISSUER_LANGUAGE_KEYS, { error: `Language must be one of ${ISSUER_LANGUAGE_KEYS.join(', ')}` });
const ZVisibility = z.enum(RESOURCE_VISIBILITIES, { error: 'Visibility must be All or Issuers' });
const ZMediaKind = z.enum(RESOURCE_MEDIA_KINDS, { error: 'Media kind must be video or document' });
/** External links: absolute http(s) URLs only (no javascript:, data: or relative links). */
const ZLinkUrl = z
  .string({ error: 'Link is required for a link resource' })
  .trim()
  .max(2000, 'Link must be at most 2000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Link must be an absolute http:// or https:// address');

const resourceFields = {
  title: ZTitle,
  description: ZDescription.default(''),
  category: ZCategory,
  language: ZLanguage,
  visibility: ZVisibility,
  /** The issuers that see the resource when visibility is Issuers (ignored for All). */
  issuerIds: z.array(z.uuid('Issuer must be an id')).max(200, 'At most 200 issuers').default([]),
};

/** POST /api/v1/resources: an upload resource (the file is sent next) or a link. */
export const ZResourceCreate = z
  .object({
    ...resourceFields,
    source: z.enum(RESOURCE_SOURCES, { error: 'Source must be upload or link' }),
    /** Link resources only: what the link shows. Uploads take it from the file's content. */
    mediaKind: ZMediaKind.optional(),
    url: ZLinkUrl.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.source === 'link' && !v.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Link is required for a link resource' });
    if (v.source === 'link' && !v.mediaKind)
      ctx.addIssue({ code: 'custom', path: ['mediaKind'], message: 'Say whether the link is a video or a document' });
    if (v.source === 'upload' && v.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'An upload resource has no link; upload its file' });
    if (v.visibility === 'Issuers' && v.issuerIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['issuerIds'],
        message: 'Choose at least one issuer, or make it visible to all',
      });
  });
export type TResourceCreate = z.input<typeof ZResourceCreate>;

/** PUT /api/v1/resources/{id}: metadata only; the source never changes (delete and create instead). */
export const ZResourceUpdate = z
  .object({ ...resourceFields, mediaKind: ZMediaKind.optional(), url: ZLinkUrl.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.visibility === 'Issuers' && v.issuerIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['issuerIds'],
        message: 'Choose at least one issuer, or make it visible to all',
      });
  });
export type TResourceUpdate = z.input<typeof ZResourceUpdate>;

export const ZResourceIdParam = z.object({ id: z.uuid('Resource id must be an id') });

export const ZResourceListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  category: ZCategory.optional(),
  language: ZLanguage.optional(),
  mediaKind: ZMediaKind.optional(),
  /** Story videos for a job: only resources visible to that job's issuer (the caller must see the job). */
  jobId: z.uuid('Job id must be an id').optional(),
});
export type TResourceListQuery = z.input<typeof ZResourceListQuery>;

export const ZResource = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: ZCategory,
  language: z.string(),
  mediaKind: ZMediaKind,
  source: z.enum(RESOURCE_SOURCES),
  visibility: ZVisibility,
  issuerIds: z.array(z.uuid()),
  issuerNames: z.array(z.string()),
  /** Link resources: the external address. */
  url: z.string().nullable(),
  /** Uploads: the stored file (null until uploaded). */
  file: z
    .object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number(), uploadedAt: z.string() })
    .nullable(),
  /** Where the browser reads the content (null for an upload without its file yet). */
  contentUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** An upload without its file is not shown in the hub. */
  ready: z.boolean(),
  createdByUsername: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TResource = z.infer<typeof ZResource>;

export const ZResourceList = z.object({
  collection: z.array(ZResource),
  /** Ready resources the caller sees, per category (before the search and filters). */
  categoryCounts: z.record(z.string(), z.number()),
});
export type TResourceList = z.infer<typeof ZResourceList>;

export const ZResourceCreated = ZMutationResult.extend({ id: z.uuid() });
export type TResourceCreated = z.infer<typeof ZResourceCreated>;
