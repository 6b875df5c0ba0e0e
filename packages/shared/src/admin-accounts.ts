/** Contracts of translations, magic links and linked-account merges (analysis admin). */
import { z } from 'zod';
import { ISSUER_LANGUAGE_KEYS } from './values/issuers.ts';
import {
  MAGIC_LINK_STATES,
  SIGN_IN_TOKEN_PURPOSES,
  TRANSLATION_MAX_LENGTH,
  UPLOAD_LINK_MAX_DAYS,
} from './values/admin-accounts.ts';
import { INPUT_KINDS } from './values/jobs.ts';
import { ZInputKind } from './jobs.ts';

export * from './values/admin-accounts.ts';

// ---------- translations ----------
export const ZLanguage = z.enum(ISSUER_LANGUAGE_KEYS, {
  error: `Language must be one of ${ISSUER_LANGUAGE_KEYS.join(', ')}`,
});

export const ZTranslationQuery = z.object({
  language: ZLanguage,
  q: z.string().trim().max(200).optional(),
  namespace: z.string().trim().max(60).optional(),
  missingOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TTranslationQuery = Omit<z.input<typeof ZTranslationQuery>, 'page' | 'pageSize'> & {
  page?: number;
  pageSize?: number;
};

export const ZTranslationRow = z.object({
  namespace: z.string(),
  key: z.string(),
  /** The English source text. */
  source: z.string(),
  /** The text bundled with the web app in this language (null: none, English is shown). */
  bundled: z.string().nullable(),
  override: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  placeholders: z.array(z.string()),
});
export type TTranslationRow = z.infer<typeof ZTranslationRow>;

export const ZTranslationPage = z.object({
  collection: z.array(ZTranslationRow),
  totalCount: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  namespaces: z.array(z.string()),
  /** Keys in this language with neither a bundled text nor an override. */
  missingCount: z.number().int(),
  overrideCount: z.number().int(),
});
export type TTranslationPage = z.infer<typeof ZTranslationPage>;

export const ZTranslationOverrideSet = z.object({
  language: ZLanguage,
  namespace: z.string().trim().min(1, 'Namespace is required').max(60),
  key: z.string().trim().min(1, 'Key is required').max(300),
  /** null removes the override (the bundled text is used again). */
  value: z
    .string()
    .max(TRANSLATION_MAX_LENGTH, `An override must be at most ${TRANSLATION_MAX_LENGTH} characters`)
    .nullable(),
});
export type TTranslationOverrideSet = z.infer<typeof ZTranslationOverrideSet>;

export const ZTranslationImportResult = z.object({
  success: z.literal(true),
  rows: z.number().int(),
  set: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
});
export type TTranslationImportResult = z.infer<typeof ZTranslationImportResult>;

export const ZTranslationBundleParams = z.object({ lng: ZLanguage, ns: z.string().max(60) });
export const ZTranslationLanguageParams = z.object({ lng: ZLanguage });
export const ZTranslationExportQuery = z.object({ language: ZLanguage.optional() });
/** Overrides of one language: namespace → nested resource, merged by the web app over its bundles. */
export const ZTranslationOverrides = z.record(z.string(), z.record(z.string(), z.unknown()));

// ---------- magic links ----------
export const ZSignInTokenPurpose = z.enum(SIGN_IN_TOKEN_PURPOSES);
export const ZMagicLinkState = z.enum(MAGIC_LINK_STATES);

export const ZMagicLinkQuery = z.object({
  purpose: ZSignInTokenPurpose.optional(),
  state: ZMagicLinkState.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type TMagicLinkQuery = Omit<z.input<typeof ZMagicLinkQuery>, 'page' | 'pageSize'> & {
  page?: number;
  pageSize?: number;
};

export const ZMagicLink = z.object({
  id: z.string().uuid(),
  purpose: ZSignInTokenPurpose,
  state: ZMagicLinkState,
  email: z.string(),
  userId: z.string().uuid().nullable(),
  username: z.string().nullable(),
  userDisplayName: z.string().nullable(),
  jobId: z.string().uuid().nullable(),
  jobName: z.string().nullable(),
  issuerName: z.string().nullable(),
  issuedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  useCount: z.number().int(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type TMagicLink = z.infer<typeof ZMagicLink>;

export const ZMagicLinkPage = z.object({
  collection: z.array(ZMagicLink),
  totalCount: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  pendingCount: z.number().int(),
});
export type TMagicLinkPage = z.infer<typeof ZMagicLinkPage>;

export const ZUploadLinkCreate = z.object({
  jobId: z.string({ error: 'Job is required' }).uuid('Job must be a job id'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().email('Email must be an email address').max(200),
  displayName: z.string().trim().max(200).optional(),
  expiresInDays: z.coerce
    .number()
    .int('Days must be a whole number')
    .min(1, 'A link must live at least 1 day')
    .max(UPLOAD_LINK_MAX_DAYS, `A link may live at most ${UPLOAD_LINK_MAX_DAYS} days`)
    .default(7),
  sendEmail: z.boolean().default(false),
});
export type TUploadLinkCreate = Omit<z.input<typeof ZUploadLinkCreate>, 'expiresInDays'> & { expiresInDays?: number };

/** The only answer that ever carries the token (in `url`). */
export const ZUploadLinkCreated = z.object({ link: ZMagicLink, url: z.string() });
export type TUploadLinkCreated = z.infer<typeof ZUploadLinkCreated>;

export const ZMagicLinkIdParam = z.object({ id: z.string().uuid() });
export const ZUploadTokenParam = z.object({ token: z.string().min(20).max(200) });

export const ZUploadLinkFile = z.object({
  id: z.string(),
  originalName: z.string(),
  dataKind: z.string(),
  uploadedAt: z.string(),
  status: z.string(),
  rowCount: z.number().int().nullable(),
  validRowCount: z.number().int().nullable(),
  problem: z.string().nullable(),
});
export type TUploadLinkFile = z.infer<typeof ZUploadLinkFile>;

/** What the holder of an upload link sees: the one job it opens, nothing of its results. */
export const ZUploadLinkView = z.object({
  jobName: z.string(),
  buyerName: z.string().nullable(),
  issuerName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  dataKinds: z.array(z.enum(INPUT_KINDS)),
  files: z.array(ZUploadLinkFile),
});
export type TUploadLinkView = z.infer<typeof ZUploadLinkView>;

// ---------- merge linked accounts ----------
export const ZLinkedAccount = z.object({
  id: z.string().uuid(),
  username: z.string(),
  displayName: z.string(),
  idProviderName: z.string(),
  isInternal: z.boolean(),
  isDeactivated: z.boolean(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
  roles: z.array(z.string()),
  issuers: z.array(z.object({ issuerId: z.string(), issuerName: z.string(), role: z.string() })),
});
export type TLinkedAccount = z.infer<typeof ZLinkedAccount>;

export const ZLinkedAccountGroup = z.object({ email: z.string(), accounts: z.array(ZLinkedAccount) });
export type TLinkedAccountGroup = z.infer<typeof ZLinkedAccountGroup>;

export const ZLinkedAccountsQuery = z.object({ q: z.string().trim().max(200).optional() });

export const ZMergeRequest = z.object({
  sourceUserId: z.string({ error: 'The account to merge is required' }).uuid(),
  targetUserId: z.string({ error: 'The account to keep is required' }).uuid(),
});
export type TMergeRequest = z.infer<typeof ZMergeRequest>;

export const ZMergePreview = z.object({
  source: ZLinkedAccount,
  target: ZLinkedAccount,
  rolesAdded: z.array(z.string()),
  permissionsAdded: z.array(z.string()),
  membershipsAdded: z.array(z.object({ issuerId: z.string(), issuerName: z.string(), role: z.string() })),
  membershipsRaised: z.array(z.object({ issuerId: z.string(), issuerName: z.string(), role: z.string() })),
  jobsOwned: z.array(z.object({ id: z.string(), name: z.string() })),
  jobAssignments: z.array(z.object({ id: z.string(), name: z.string(), connectionType: z.string() })),
  sessionsEnded: z.number().int(),
  pendingLinksRevoked: z.number().int(),
  auditRowsKept: z.number().int(),
  internalAfter: z.boolean(),
  /** Reasons the merge is refused (empty: it may go ahead). */
  blockers: z.array(z.string()),
});
export type TMergePreview = z.infer<typeof ZMergePreview>;

export const ZMergeResult = z.object({ success: z.literal(true), target: ZLinkedAccount, preview: ZMergePreview });
export type TMergeResult = z.infer<typeof ZMergeResult>;

/** The upload link's token, sent by its holder on every /upload-links/current call. */
export const ZUploadTokenHeader = z.object({ 'x-upload-token': z.string().max(200).optional() });
export const ZUploadLinkFileQuery = z.object({ dataKind: ZInputKind });
