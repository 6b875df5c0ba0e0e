/** Buyer contracts (SPEC §2 /admin/buyer-manager): a buyer is a corporate client of one issuer. */
import { z } from 'zod';
import { ZMutationResult } from './api.ts';

const required = (what: string) => ({
  error: (iss: { input: unknown }) =>
    iss.input === undefined || iss.input === null ? `${what} is required` : `${what} must be text`,
});

const ZBuyerName = z
  .string(required('Name'))
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be at most 200 characters');
/** SPEC §9: country codes are exactly 3 characters; stored upper-case; empty means none. */
const ZCountryIso3 = z
  .string({ error: 'Country must be text' })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || v.length === 3, { message: 'Country must be exactly 3 characters', abort: true })
  .refine((v) => v === '' || /^[A-Z]{3}$/.test(v), 'Country must be 3 letters')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const ZBuyerCreate = z
  .object({
    issuerId: z.uuid({
      error: (iss) => (iss.input === undefined || iss.input === null ? 'Issuer is required' : 'Issuer must be an id'),
    }),
    name: ZBuyerName,
    countryIso3: ZCountryIso3,
  })
  .strict();
export type TBuyerCreate = z.input<typeof ZBuyerCreate>;

/** PUT /api/v1/buyers/{id}: only the fields sent change; a buyer never moves to another issuer. */
export const ZBuyerUpdate = z.object({ name: ZBuyerName, countryIso3: ZCountryIso3 }).partial().strict();
export type TBuyerUpdate = z.input<typeof ZBuyerUpdate>;

export const ZBuyerIdParam = z.object({ id: z.uuid('Buyer id must be an id') });
export const ZBuyerIssuerParam = z.object({ issuerId: z.uuid('Issuer id must be an id') });

export const ZBuyer = z.object({
  id: z.uuid(),
  name: z.string(),
  countryIso3: z.string().nullable(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  jobsCount: z.number().int(),
  createdByUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type TBuyer = z.infer<typeof ZBuyer>;

/** Pick-list item for job creation. */
export const ZBuyerOption = z.object({ id: z.uuid(), name: z.string(), issuerId: z.uuid() });
export type TBuyerOption = z.infer<typeof ZBuyerOption>;

export const ZBuyerCreated = ZMutationResult.extend({ id: z.uuid() });
export type TBuyerCreated = z.infer<typeof ZBuyerCreated>;

/** Filterable and sortable properties of POST /api/v1/buyers/get. */
export const BUYER_PROPERTIES = [
  'id',
  'name',
  'countryIso3',
  'issuerId',
  'issuerName',
  'jobsCount',
  'createdByUsername',
  'createdAt',
] as const;
