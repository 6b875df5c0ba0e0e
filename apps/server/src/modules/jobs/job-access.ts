/** Where a job's files live (the caller's access to a job is authorization's visibleJob). */

/** Blob-store keys (lib/blob-store.ts) of a job's files: its folder, an upload, a run's folder. */
export const jobKey = (jobId: string) => `jobs/${jobId}`;
export const uploadKey = (jobId: string, fileId: string) => `${jobKey(jobId)}/uploads/${fileId}`;
export const runKey = (jobId: string, runNumber: number) => `${jobKey(jobId)}/runs/${runNumber}`;
