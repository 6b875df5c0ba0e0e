/** Datapoint profiles (analysis admin): the columns, their order and headers of each download kind. */
import { z } from 'zod';
import { DATAPOINT_PROFILE_KINDS } from './values/analysis-admin.ts';

export * from './values/analysis-admin.ts';

export const ZDatapointProfileKind = z.enum(DATAPOINT_PROFILE_KINDS, {
  error: `Kind must be one of ${DATAPOINT_PROFILE_KINDS.join(', ')}`,
});

export const ZDatapointProfileColumn = z.object({
  datapoint: z.string({ error: 'Datapoint is required' }).min(1, 'Datapoint is required'),
  header: z
    .string({ error: 'Header is required' })
    .trim()
    .min(1, 'Header is required')
    .max(100, 'Header must be at most 100 characters'),
});
export type TDatapointProfileColumn = z.infer<typeof ZDatapointProfileColumn>;

export const ZDatapointProfileInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
  kind: ZDatapointProfileKind,
  columns: z
    .array(ZDatapointProfileColumn, { error: 'Columns must be a list' })
    .min(1, 'A profile needs at least one column')
    .max(200, 'A profile has at most 200 columns'),
});
export type TDatapointProfileInput = z.infer<typeof ZDatapointProfileInput>;

export const ZDatapointProfileUse = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  kind: ZDatapointProfileKind,
});

export const ZDatapointProfile = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZDatapointProfileKind,
  columns: z.array(ZDatapointProfileColumn),
  usedBy: z.array(ZDatapointProfileUse),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDatapointProfile = z.infer<typeof ZDatapointProfile>;

/** A column of the result a profile may carry, with a suggested header. */
export const ZDatapoint = z.object({ datapoint: z.string(), label: z.string(), group: z.string() });
export type TDatapoint = z.infer<typeof ZDatapoint>;

export const ZDatapointProfileList = z.object({
  profiles: z.array(ZDatapointProfile),
  datapoints: z.array(ZDatapoint),
});
export type TDatapointProfileList = z.infer<typeof ZDatapointProfileList>;

export const ZDatapointProfileIdParam = z.object({ id: z.string().min(1).max(200) });
