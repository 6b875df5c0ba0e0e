/**
 * ProQ constants (SPEC §7 ProQ calls and polling, §9), without zod; proq.ts adds the schemas.
 */
export const PROQ_BASE = '/api/v1/proq';

/** SPEC §7 polling: the navbar quick views refresh every 4 s. */
export const PROQ_QUICK_VIEW_POLL_MS = 4000;

/** SPEC §9: the sync badge shows 99+ above 99; quick-view tables are capped at 512 px. */
export const PROQ_BADGE_MAX = 99;

export const PROQ_QUICK_VIEW_MAX_HEIGHT = 512;

/** Queued = not finished. The error list also holds Canceled commands. */
export const PROQ_QUEUED_STATES = ['Blocked', 'Pending', 'InProgress'] as const;

export const PROQ_ERROR_STATES = ['Error', 'Canceled'] as const;

export const PROQ_COMPLETED_STATES = ['Completed'] as const;

/** Properties the three paged lists filter and sort by (paging request propertyName). */
export const PROQ_LIST_PROPERTIES = [
  'id',
  'priority',
  'prerequisite',
  'commandType',
  'category',
  'targetEntityId',
  'jobId',
  'jobName',
  'correlationId',
  'queuedDate',
  'startedDate',
  'completedDate',
  'state',
  'tags',
  'environment',
  'processingGroup',
  'scheduledTime',
  'batchId',
  'prerequisiteBatchId',
  'message',
  'attempts',
] as const;
