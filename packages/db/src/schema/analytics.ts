import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Saved analytics reports: a read-only SQL query over the documented `analytics.v_*` views, its named
 * parameters and how to chart the result. The views themselves live in migration 000N_analytics.sql.
 */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sql: text('sql').notNull(),
    /** [{ name, label, type, required, defaultValue }] */
    parameters: jsonb('parameters').notNull().default([]),
    /** { type: 'bar' | 'line' | 'pie' | 'none', xColumn, yColumns } */
    chart: jsonb('chart'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_reports_name_idx').on(t.name)],
);
