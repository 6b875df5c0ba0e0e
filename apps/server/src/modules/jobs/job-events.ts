/**
 * What other areas do when a run of a job completes or a job is deleted, without the jobs area importing them: each
 * area that keeps something derived from a job's results (result caches, global insights, campaign workflows)
 * subscribes once at start-up (modules/commands.ts), and the jobs area publishes. Subscribers run in the order they
 * subscribed, one after the other, in the process that completed the run or deleted the job; one that needs
 * durable work enqueues its own ProQ command. A subscriber's error propagates to the publisher: the last pipeline
 * step fails and is retried, as when it called them itself.
 */
import type { AppContext } from '../../context.ts';

export interface RunCompleted {
  jobId: string;
  runId: string;
}

export interface JobDeleted {
  jobId: string;
}

export interface JobEventSubscriber {
  /** The run's results are published and the run is recorded Completed (the job Ready). */
  runCompleted?(ctx: AppContext, event: RunCompleted): Promise<void>;
  /** The job, its files and results are gone. */
  jobDeleted?(ctx: AppContext, event: JobDeleted): Promise<void>;
}

/** By subscriber name: subscribing again (another app in the same process) keeps one subscription and its place. */
const subscribers = new Map<string, JobEventSubscriber>();

export function subscribeToJobEvents(name: string, subscriber: JobEventSubscriber): void {
  subscribers.set(name, subscriber);
}

export async function publishRunCompleted(ctx: AppContext, event: RunCompleted): Promise<void> {
  for (const s of subscribers.values()) await s.runCompleted?.(ctx, event);
}

export async function publishJobDeleted(ctx: AppContext, event: JobDeleted): Promise<void> {
  for (const s of subscribers.values()) await s.jobDeleted?.(ctx, event);
}
