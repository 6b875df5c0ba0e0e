/**
 * Zod schemas (Z…) of the enumerations of SPEC §3; the tuples, labels and types are in values/enums.ts (zod-free),
 * re-exported here.
 */
import { z } from 'zod';
import {
  CAMPAIGN_ROUTES,
  CONFIDENCE_LEVELS,
  CONNECTION_TYPES,
  DATA_KINDS,
  DOCUMENT_TYPES,
  FILTER_OPERATORS,
  ISSUER_INPUT_DATA_OPTIONS,
  ISSUER_MEMBER_ROLES,
  JOB_TYPES,
  MATCH_STATUSES,
  PROQ_COMMAND_STATES,
  SCHEMES,
  SCORE_KINDS,
  SCORE_METRIC_LEVELS,
  SYSTEM_MODES,
  THEME_KEYS,
  VIRTUAL_LOCKBOXES,
  SLICER_NAMES,
  type TSlicer,
} from './values/enums.ts';

export * from './values/enums.ts';

export const ZScoreKind = z.enum(SCORE_KINDS);
export const ZDocumentType = z.enum(DOCUMENT_TYPES);
export const ZCampaignRoute = z.enum(CAMPAIGN_ROUTES);
export const ZSlicer = z.enum(SLICER_NAMES as [TSlicer, ...TSlicer[]]);
export const ZScoreMetricLevel = z.enum(SCORE_METRIC_LEVELS);
export const ZConfidenceLevel = z.enum(CONFIDENCE_LEVELS);
export const ZDataKind = z.enum(DATA_KINDS);
export const ZMatchStatus = z.enum(MATCH_STATUSES);
export const ZJobType = z.enum(JOB_TYPES);
export const ZFilterOperator = z.enum(FILTER_OPERATORS);
export const ZSystemMode = z.enum(SYSTEM_MODES);
export const ZScheme = z.enum(SCHEMES);
export const ZVirtualLockbox = z.enum(VIRTUAL_LOCKBOXES);
export const ZIssuerInputDataOption = z.enum(ISSUER_INPUT_DATA_OPTIONS);
export const ZIssuerMemberRole = z.enum(ISSUER_MEMBER_ROLES);
export const ZConnectionType = z.enum(CONNECTION_TYPES);
export const ZThemeKey = z.enum(THEME_KEYS);
export const ZProqCommandState = z.enum(PROQ_COMMAND_STATES);
