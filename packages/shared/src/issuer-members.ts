/** Issuer membership administration (/admin/issuer-manager/{issuerId}/users; SPEC §3 membership summaries). */
import { z } from 'zod';
import { ISSUER_MEMBER_ROLES } from './enums.ts';
import { ZIssuerMemberSummary } from './issuers.ts';

const ZMemberRoleField = z.enum(ISSUER_MEMBER_ROLES, { error: 'Role must be Manager or Member' });

export const ZIssuerMemberParams = z.object({
  id: z.uuid('Issuer id must be an id'),
  userId: z.uuid('User id must be an id'),
});

/** POST /api/v1/issuers/{id}/members. */
export const ZIssuerMemberAdd = z.object({
  userId: z.uuid({
    error: (i) => (i.input === undefined || i.input === '' ? 'Choose a user' : 'User id must be an id'),
  }),
  memberRole: ZMemberRoleField,
  isDomainUser: z.boolean('isDomainUser must be true or false').default(false),
});
export type TIssuerMemberAdd = z.input<typeof ZIssuerMemberAdd>;

/** PATCH /api/v1/issuers/{id}/members/{userId}: only the fields sent change. */
export const ZIssuerMemberUpdate = z
  .object({
    memberRole: ZMemberRoleField.optional(),
    isDomainUser: z.boolean('isDomainUser must be true or false').optional(),
  })
  .refine((v) => v.memberRole !== undefined || v.isDomainUser !== undefined, {
    message: 'Send memberRole or isDomainUser',
    path: ['memberRole'],
  });
export type TIssuerMemberUpdate = z.infer<typeof ZIssuerMemberUpdate>;

export const ZIssuerMembers = z.array(ZIssuerMemberSummary);
export type TIssuerMemberSummary = z.infer<typeof ZIssuerMemberSummary>;
