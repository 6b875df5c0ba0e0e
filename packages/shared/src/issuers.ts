/** Issuer contracts (SPEC §3 Issuer, §5 issuer rules, §7 Issuers). */
import { z } from 'zod';
import {
  SCHEMES,
  SCORE_KINDS,
  SCORE_KIND_LABELS,
  ZIssuerInputDataOption,
  ZIssuerMemberRole,
  ZScheme,
  ZScoreKind,
  ZVirtualLockbox,
} from './enums.ts';
import { ZMutationResult } from './api.ts';
import { ZAcceptanceFees } from './acceptance-fees.ts';

import { ISSUER_LANGUAGE_KEYS } from './values/issuers.ts';
export * from './values/issuers.ts';

export const VIRTUAL_LOCKBOX_LABELS = { Boost: 'Boost', BoostEu: 'Boost EU', Its: 'ITS' } as const;
export const ISSUER_CAPABILITY_ITEMS = SCORE_KINDS.map((k) => ({ id: k, name: SCORE_KIND_LABELS[k] }));

const required = (what: string) => ({
  error: (iss: { input: unknown }) =>
    iss.input === undefined || iss.input === null ? `${what} is required` : undefined,
});
const requiredText = (what: string, max = 200) =>
  z.string(required(what)).trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);
/** SPEC §5 / §9: country and currency codes are exactly 3 characters (letters); stored upper-case. */
const threeLetters = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .length(3, `${what} must be exactly 3 characters`)
    .regex(/^[A-Za-z]{3}$/, `${what} must be 3 letters`)
    .transform((v) => v.toUpperCase());

const ZIssuerKey = requiredText('Issuer key', 100).regex(
  /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  'Issuer key may contain only letters, digits, dot, dash and underscore',
);
const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'must be a domain name such as bank.example');

const issuerFields = {
  name: requiredText('Name'),
  issuerKey: ZIssuerKey,
  scheme: z.enum(SCHEMES, {
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? 'Scheme is required'
        : `Scheme must be one of ${SCHEMES.join(', ')}`,
  }),
  language: z
    .string(required('Language'))
    .refine(
      (v) => (ISSUER_LANGUAGE_KEYS as readonly string[]).includes(v),
      `Language must be one of ${ISSUER_LANGUAGE_KEYS.join(', ')}`,
    ),
  sendMagicLinks: z.boolean(required('Send magic links')),
  brandingId: z.uuid(required('Branding')),
  analysisDataDownloadProfileId: requiredText('Analysis data download profile'),
  matchedDataOnlyDownloadProfileId: requiredText('Matched-data-only download profile'),
  onboardingDataDownloadProfileId: requiredText('Onboarding data download profile'),
  capabilities: z.array(ZScoreKind).max(20).optional(),
  virtualLockboxes: z.array(ZVirtualLockbox).max(10).optional(),
  inputDataOptions: z.array(ZIssuerInputDataOption).max(10).optional(),
  issuerKeyAliases: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  issuerEmailDomains: z.array(ZDomain).max(50).optional(),
  currency: threeLetters('Currency').nullable().optional(),
  fallbackCountryIso3: threeLetters('Fallback country').nullable().optional(),
};

export const ZIssuerCreate = z.object(issuerFields).strict();
export type TIssuerCreate = z.input<typeof ZIssuerCreate>;

/** PUT /api/v1/issuers: the id (body or ?id=) plus the fields to change; the same 3-character rules apply. */
export const ZIssuerUpdate = z
  .object({ id: z.uuid('Issuer id must be an id').optional(), ...issuerFields })
  .partial()
  .strict();
export type TIssuerUpdate = z.input<typeof ZIssuerUpdate>;
export const ZIssuerIdQuery = z.object({ id: z.uuid('Issuer id must be an id').optional() });
export const ZIssuerIdParam = z.object({ id: z.uuid('Issuer id must be an id') });
export const ZIssuerAdminQuery = z.object({ issuerId: z.uuid('Issuer id must be an id') });

export const ZIssuerCapabilitiesUpdate = z.object({ capabilities: z.array(ZScoreKind).max(20) }).strict();
export const ZIssuerVirtualLockboxUpdate = z.object({ virtualLockboxes: z.array(ZVirtualLockbox).max(10) }).strict();
/** The issuer's acceptance fee table (supplier-routes.ts): its rows replace the defaults; null resets to them. */
export const ZIssuerAcceptanceFeesUpdate = z.object({ acceptanceFees: ZAcceptanceFees.nullable() }).strict();
export const ZIssuerInputDataOptionUpdate = z
  .object({ inputDataOptions: z.array(ZIssuerInputDataOption).max(10) })
  .strict();

/** Issuer (SPEC §3) with the list-row additions. */
export const ZIssuer = z.object({
  id: z.uuid(),
  name: z.string(),
  issuerKey: z.string(),
  jobsCount: z.number().int(),
  jobNames: z.array(z.string()),
  usersCount: z.number().int(),
  usernames: z.array(z.string()),
  issuerCapabilities: z.array(z.string()),
  scheme: ZScheme,
  language: z.string(),
  issuerVirtualLockboxes: z.array(z.string()),
  issuerInputDataOptions: z.array(z.string()),
  issuerKeyAliases: z.array(z.string()),
  currency: z.string().nullable(),
  fallbackCountryIso3: z.string().nullable(),
  sendMagicLinks: z.boolean(),
  brandingId: z.uuid(),
  brandingDisplayName: z.string().nullable(),
  analysisDataDownloadProfileId: z.string(),
  matchedDataOnlyDownloadProfileId: z.string(),
  onboardingDataDownloadProfileId: z.string(),
  hasSupplierIncludeList: z.boolean(),
  hasSupplierExcludeList: z.boolean(),
  /** The issuer's acceptance fee table for the supplier's case; null: the defaults (SUPPLIER_ACCEPTANCE_FEES). */
  acceptanceFees: ZAcceptanceFees.nullable(),
});
export type TIssuer = z.infer<typeof ZIssuer>;

export const ZIssuerMemberSummary = z.object({
  userId: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  memberRole: ZIssuerMemberRole,
  isDomainUser: z.boolean(),
});
export const ZIssuerFull = ZIssuer.extend({
  issuerEmailDomains: z.array(z.string()),
  numberNonEmailDomainUsers: z.number().int(),
  members: z.array(ZIssuerMemberSummary),
});
export type TIssuerFull = z.infer<typeof ZIssuerFull>;

/** Assigned-user-issuer (SPEC §3): an issuer a user belongs to, as seen from the user. */
export const ZAssignedUserIssuer = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerBrandingName: z.string().nullable(),
  userRole: ZIssuerMemberRole,
  isDomainUser: z.boolean(),
  emailDomains: z.array(z.string()),
});
export type TAssignedUserIssuer = z.infer<typeof ZAssignedUserIssuer>;

export const ZIssuerCreated = ZMutationResult.extend({ id: z.uuid() });
export const ZCapabilityItem = z.object({ id: z.string(), name: z.string() });
export const ZKeyLabel = z.object({ key: z.string(), label: z.string() });
export const ZKeyName = z.object({ key: z.string(), name: z.string() });
