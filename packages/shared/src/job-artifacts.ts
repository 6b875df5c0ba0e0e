/** Job artifact contracts (SPEC §3 Job artifact admin view, assignable job artifact, job artifact for user; §7). */
import { z } from 'zod';
import { ZConnectionType, ZJobType } from './enums.ts';
import { ZJobAbilities } from './jobs.ts';
import { ZRole } from './permissions.ts';

export const ZJobArtifactAdmin = z.object({
  id: z.uuid(),
  name: z.string(),
  isPublished: z.boolean(),
  owner: z.object({ id: z.uuid(), username: z.string(), role: ZRole.nullable() }),
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerEmailDomains: z.array(z.string()),
  authorizedEndUsers: z.array(z.object({ userId: z.uuid(), username: z.string(), connectionType: ZConnectionType })),
});
export type TJobArtifactAdmin = z.infer<typeof ZJobArtifactAdmin>;

export const ZAssignableJobArtifact = z.object({
  id: z.uuid(),
  name: z.string(),
  buyerName: z.string().nullable(),
  createdOn: z.string(),
});
export type TAssignableJobArtifact = z.infer<typeof ZAssignableJobArtifact>;

export const ZJobArtifactForUser = z.object({
  id: z.uuid(),
  name: z.string(),
  buyerName: z.string().nullable(),
  isPublished: z.boolean(),
  createdOn: z.string(),
  isDirectAssignment: z.boolean(),
});
export type TJobArtifactForUser = z.infer<typeof ZJobArtifactForUser>;

/** A row of POST /authorization/auth-mapped-job-artifacts: a job the caller may open, and why. */
export const ZAuthMappedJobArtifact = z.object({
  id: z.uuid(),
  name: z.string(),
  type: ZJobType,
  buyerId: z.uuid().nullable(),
  buyerName: z.string().nullable(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  ownerDisplayName: z.string(),
  isPublished: z.boolean(),
  isHidden: z.boolean(),
  createdOn: z.string(),
  /** Why the caller sees it; null when by permission (Buyers_ViewAll). */
  connectionType: ZConnectionType.nullable(),
  isDirectAssignment: z.boolean(),
  /** What the caller may do with the job, by the rule the job routes enforce (the row actions follow it). */
  abilities: ZJobAbilities,
});
export type TAuthMappedJobArtifact = z.infer<typeof ZAuthMappedJobArtifact>;

export const ZJobArtifactIdParam = z.object({ id: z.uuid('Job artifact id must be an id') });
export const ZJobOwnerUpdate = z
  .object({
    ownerId: z.uuid({ error: (i) => (i.input === undefined ? 'Owner is required' : 'Owner must be a user id') }),
  })
  .strict();
export const ZJobArtifactUserAssignment = z
  .object({
    jobArtifactId: z.uuid({
      error: (i) => (i.input === undefined ? 'Job artifact is required' : 'Job artifact must be an id'),
    }),
    userId: z.uuid({ error: (i) => (i.input === undefined ? 'User is required' : 'User must be an id') }),
    isAssigned: z.boolean({
      error: (i) => (i.input === undefined ? 'isAssigned is required' : 'isAssigned must be true or false'),
    }),
  })
  .strict();
export type TJobArtifactUserAssignment = z.infer<typeof ZJobArtifactUserAssignment>;
