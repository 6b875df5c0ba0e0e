/**
 * The process-wide Prometheus registry (lib/metrics.ts has the per-app part): Node process metrics and the ProQ
 * command durations observed by the worker. Kept free of app imports so the queue can use it.
 */
import client from 'prom-client';

export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry });

export const proqCommandDuration = new client.Histogram({
  name: 'sextant_proq_command_duration_seconds',
  help: 'Duration of ProQ commands run by this process, by command type and outcome',
  labelNames: ['command_type', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [processRegistry],
});
