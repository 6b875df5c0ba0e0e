/**
 * Prometheus metrics, served by GET /metrics (modules/health).
 *
 * Process-wide (one registry per process): Node process metrics (CPU, memory, event-loop lag, GC, handles) and the
 * duration of every ProQ command the worker of this process ran, by command type and outcome (the job pipeline's
 * steps are commands, so these are the run durations per step).
 * Per app (one registry per Fastify instance): HTTP request latency by method, route pattern and status; ProQ queue
 * depth by state and the age of the oldest runnable command; completed job runs of the last 24 h (count, p50, p95,
 * max duration); the results DuckDB's memory; the session cache's size. The per-app gauges are read at scrape time.
 */
import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { resultsDuckIfOpen } from './duckdb/index.ts';
import { authCacheSize } from '../plugins/auth-cache.ts';
import { processRegistry } from './process-metrics.ts';
import { queueAndRunGauges } from '../modules/proq/proq.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry (lib/metrics.ts), served with the process one by GET /metrics. */
    metricsRegistry: client.Registry;
  }
}

const QUEUE_STATES = ['Blocked', 'Pending', 'InProgress'] as const;

/** Registers the request-latency hook and the scrape-time gauges of one app; returns its registry. */
export function registerAppMetrics(app: FastifyInstance, ctx: AppContext): client.Registry {
  const registry = new client.Registry();
  const latency = new client.Histogram({
    name: 'sextant_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern (never the raw URL: ids would explode the label set); unknown URLs share one label.
    const route = req.routeOptions.url ?? 'unmatched';
    latency.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const depth = new client.Gauge({
    name: 'sextant_proq_queue_depth',
    help: 'ProQ commands waiting or running, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    // prom-client awaits collect() of each metric; this one fetches for all three ProQ/run gauges.
    collect: () => collectDb(),
  });
  const oldest = new client.Gauge({
    name: 'sextant_proq_oldest_pending_age_seconds',
    help: 'Age of the oldest Pending command that is due (0 when none)',
    registers: [registry],
  });
  const runs = new client.Gauge({
    name: 'sextant_job_run_duration_seconds',
    help: 'Durations of job runs completed in the last 24 hours (quantile: 0.5, 0.95, 1 = max)',
    labelNames: ['quantile'] as const,
    registers: [registry],
  });
  const runCount = new client.Gauge({
    name: 'sextant_job_runs_completed_24h',
    help: 'Job runs completed in the last 24 hours',
    registers: [registry],
  });
  new client.Gauge({
    name: 'sextant_duckdb_memory_bytes',
    help: 'Memory held by the results DuckDB (0 until the first results query)',
    registers: [registry],
    async collect() {
      const duck = resultsDuckIfOpen();
      if (!duck) return this.set(0);
      const conn = await (await duck).connect();
      try {
        const r = await conn.runAndReadAll('SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()');
        this.set(Number(r.getRows()[0]?.[0] ?? 0));
      } finally {
        conn.closeSync();
      }
    },
  });
  new client.Gauge({
    name: 'sextant_session_cache_entries',
    help: 'Sessions held by the short-lived session cache of this process',
    registers: [registry],
    collect() {
      this.set(authCacheSize());
    },
  });

  /** Three database statements per scrape for the queue and run gauges. */
  const collectDb = async () => {
    const { byState, oldestAge, runs: r } = await queueAndRunGauges(ctx.dbh);
    for (const s of QUEUE_STATES) depth.set({ state: s }, byState.find((x) => x.state === s)?.n ?? 0);
    oldest.set(Math.max(0, Number(oldestAge ?? 0)));
    runCount.set(r?.n ?? 0);
    runs.set({ quantile: '0.5' }, Number(r?.p50 ?? 0));
    runs.set({ quantile: '0.95' }, Number(r?.p95 ?? 0));
    runs.set({ quantile: '1' }, Number(r?.max ?? 0));
  };
  return registry;
}

/** The Prometheus text of the process and the app registries. */
export async function metricsText(appRegistry: client.Registry): Promise<{ contentType: string; body: string }> {
  const merged = client.Registry.merge([processRegistry, appRegistry]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
