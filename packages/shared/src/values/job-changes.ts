/**
 * What changed between two runs of a job (zod-free): the kinds of change, in the order totals and downloads list
 * them, with their labels. job-changes.ts adds the schemas.
 */
export const RUN_CHANGE_KINDS = [
  'supplierAdded',
  'supplierRemoved',
  'matchGained',
  'matchLost',
  'merchantChanged',
  'confidenceChanged',
  'capabilityChanged',
  'scoreLevelChanged',
  'acceptanceChanged',
] as const;
export type TRunChangeKind = (typeof RUN_CHANGE_KINDS)[number];

export const RUN_CHANGE_KIND_LABELS: Record<TRunChangeKind, string> = {
  supplierAdded: 'New supplier',
  supplierRemoved: 'Supplier gone',
  matchGained: 'New match',
  matchLost: 'Lost match',
  merchantChanged: 'Other merchant',
  confidenceChanged: 'Match confidence',
  capabilityChanged: 'Card capability',
  scoreLevelChanged: 'Score level',
  acceptanceChanged: 'Acceptance prediction',
};

export const RUN_CHANGE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
