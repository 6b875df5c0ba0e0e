/** Merge.dev accounting connections of a job (issuer input data options MergeLink and MergeMagicLink). */
export const MERGE_CONNECTION_VIAS = ['MergeLink', 'MergeMagicLink'] as const;
export type TMergeConnectionVia = (typeof MERGE_CONNECTION_VIAS)[number];

/** Pending: link created, the client has not connected yet; Linked: account token held, not imported; Imported; Failed. */
export const MERGE_CONNECTION_STATUSES = ['Pending', 'Linked', 'Imported', 'Failed'] as const;
export type TMergeConnectionStatus = (typeof MERGE_CONNECTION_STATUSES)[number];
