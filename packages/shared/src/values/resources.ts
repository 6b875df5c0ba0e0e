/**
 * Resource hub values (zod-free): categories, media kinds, limits. resources.ts adds the schemas.
 */
/** Hub categories, in display order. StoryVideo holds the job "story video" (StoryVideo_VIEW on a job). */
export const RESOURCE_CATEGORIES = [
  'GettingStarted',
  'Analysis',
  'CardPrograms',
  'Campaigns',
  'StoryVideo',
  'Training',
  'Other',
] as const;
export type TResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const RESOURCE_CATEGORY_LABELS: Record<TResourceCategory, string> = {
  GettingStarted: 'Getting started',
  Analysis: 'Analysis and results',
  CardPrograms: 'Card programmes',
  Campaigns: 'Supplier campaigns',
  StoryVideo: 'Story videos',
  Training: 'Training',
  Other: 'Other',
};

/** What a resource shows: a video (player) or a document (viewer). */
export const RESOURCE_MEDIA_KINDS = ['video', 'document'] as const;
export type TResourceMediaKind = (typeof RESOURCE_MEDIA_KINDS)[number];

/** Where the content lives: an uploaded file served by us, or an external link. */
export const RESOURCE_SOURCES = ['upload', 'link'] as const;
export type TResourceSource = (typeof RESOURCE_SOURCES)[number];

/** All = every signed-in user; Issuers = internal staff and the members of the listed issuers only. */
export const RESOURCE_VISIBILITIES = ['All', 'Issuers'] as const;
export type TResourceVisibility = (typeof RESOURCE_VISIBILITIES)[number];

/** Content types accepted for uploads, recognised by their first bytes (never by name or declared type). */
export const RESOURCE_FILE_TYPES = {
  'video/mp4': { kind: 'video', ext: 'mp4', label: 'MP4' },
  'video/webm': { kind: 'video', ext: 'webm', label: 'WebM' },
  'application/pdf': { kind: 'document', ext: 'pdf', label: 'PDF' },
} as const satisfies Record<string, { kind: TResourceMediaKind; ext: string; label: string }>;
export type TResourceFileType = keyof typeof RESOURCE_FILE_TYPES;

/** Poster images: PNG, JPEG or WebP. */
export const RESOURCE_POSTER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type TResourcePosterType = (typeof RESOURCE_POSTER_TYPES)[number];
export const RESOURCE_POSTER_MAX_BYTES = 5 * 1024 * 1024;

export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_DESCRIPTION_MAX = 4000;
