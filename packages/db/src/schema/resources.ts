import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  RESOURCE_CATEGORIES,
  RESOURCE_MEDIA_KINDS,
  RESOURCE_SOURCES,
  RESOURCE_VISIBILITIES,
} from '@sextant/shared/values';
import { issuers } from './issuers.ts';
import { users } from './users.ts';

/**
 * Resource hub: videos and documents (uploaded files under DATA_DIR/resources, or external links). `visibility`
 * says who sees it: All, or Issuers = internal staff and the members of the issuers in resource_issuers. With
 * Issuers and no row left (an issuer deleted) nobody outside internal staff sees it: deleting never widens.
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: RESOURCE_CATEGORIES }).notNull(),
    language: text('language').notNull(),
    mediaKind: text('media_kind', { enum: RESOURCE_MEDIA_KINDS }).notNull(),
    source: text('source', { enum: RESOURCE_SOURCES }).notNull(),
    visibility: text('visibility', { enum: RESOURCE_VISIBILITIES }).notNull().default('All'),
    url: text('url'),
    /** Uploads: path of the file relative to DATA_DIR, its sniffed content type, size and original name. */
    filePath: text('file_path'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileUploadedAt: timestamp('file_uploaded_at', { withTimezone: true }),
    posterPath: text('poster_path'),
    posterContentType: text('poster_content_type'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resources_category_idx').on(t.category)],
);

export const resourceIssuers = pgTable(
  'resource_issuers',
  {
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.issuerId] }), index('resource_issuers_issuer_idx').on(t.issuerId)],
);
