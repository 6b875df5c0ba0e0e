import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAiPromptUse } from '@sextant/shared/values';
import { users } from './users.ts';

/**
 * Versioned AI prompt texts per use (analysis admin → AI prompts). At most one active version per use; without one
 * the use's default text (packages/shared values/ai-prompts.ts) applies.
 */
export const aiPrompts = pgTable(
  'ai_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    use: text('use').$type<TAiPromptUse>().notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    active: boolean('active').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ai_prompts_use_version_uq').on(t.use, t.version), index('ai_prompts_use_idx').on(t.use)],
);
