/**
 * Versions of the scoring and confidence rulesets (analysis admin). The definition is the engine's versioned JSON
 * (packages/analysis/src/score/ruleset.ts); version 1 of each kind is seeded from the rulesets the engine ships.
 * At most one version per kind is active (a partial unique index): new runs use it and record its number.
 */
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TRulesetKind } from '@sextant/shared/values';
import { users } from './users.ts';

export const rulesetVersions = pgTable(
  'ruleset_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TRulesetKind>().notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    basedOn: integer('based_on'),
    isActive: boolean('is_active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ruleset_versions_kind_version_unique').on(t.kind, t.version),
    uniqueIndex('ruleset_versions_one_active')
      .on(t.kind)
      .where(sql`${t.isActive}`),
  ],
);
