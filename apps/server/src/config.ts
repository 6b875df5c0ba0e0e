/**
 * Runtime configuration from the environment, validated once at start-up.
 * Defaults are the embedded mode: PGlite + files under ./data, demo data seeded, http://127.0.0.1:3000.
 */
import path from 'node:path';
import { z } from 'zod';
import { NETWORK_MATCH_MODES } from '@sextant/shared';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /**
   * Where files and results live (lib/blob-store.ts): unset → DATA_DIR itself; `s3://bucket/prefix?endpoint=…&region=…`
   * → S3-compatible object storage (credentials from the standard AWS environment or config files).
   */
  BLOB_URL: z
    .string()
    .regex(/^s3:\/\/[^/?]+/, 'BLOB_URL must look like s3://bucket/prefix?endpoint=…&region=…')
    .optional(),
  /** With object storage: bytes of downloaded files and results kept in DATA_DIR/cache/blobs (least recently used go). */
  BLOB_CACHE_MB: z.coerce.number().int().min(16).default(2048),
  DATABASE_URL: z.string().url().optional(),
  /** development | test | production: routes may be limited to some environments (mismatch → 503). */
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_SEED: z.string().optional(),
  /** With the demo seed: also create and run the demo jobs on the first start (false: demo accounts only). */
  DEMO_JOBS: bool(true),
  DEMO_PASSWORD: z.string().min(1).default('demo'),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Sextant <no-reply@sextant.local>'),
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().default('oidc'),
  OIDC_DISPLAY_NAME: z.string().default('Single sign-on'),
  /** Allow plain-http identity providers (loopback testing only). */
  OIDC_ALLOW_INSECURE: bool(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** Idle period after which the UI warns (seconds) — the site configuration of SPEC §4. */
  IDLE_WARNING_SECONDS: z.coerce.number().int().min(10).default(900),
  IDLE_LOGOUT_AFTER_WARNING_SECONDS: z.coerce.number().int().min(10).default(60),
  AUTO_LOGOUT_ON_IDLE_ENABLED: bool(true),
  /** Users may stay on a host other than their branding's domain. */
  CROSS_ORIGIN_MODE: bool(true),
  /**
   * Reverse proxies in front of us whose X-Forwarded-For entries are believed: false (default: the socket address
   * is the client), a hop count n (the address the n-th proxy saw, counted from us), true = 1. Never "all", which
   * would let any client choose its address by sending the header.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').trim().toLowerCase();
      if (['', 'false', 'no', '0'].includes(s)) return false as const;
      if (['true', 'yes'].includes(s)) return 1;
      if (/^\d{1,2}$/.test(s)) return Number(s);
      ctx.addIssue({ code: 'custom', message: 'must be false, true (one proxy) or the number of proxies in front' });
      return z.NEVER;
    }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  MAGIC_LINK_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  MAGIC_LINK_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Campaign outreach: emails sent per second at most (one ProQ command per wave sends them in turn). */
  CAMPAIGN_EMAILS_PER_SECOND: z.coerce.number().min(0.01).max(1000).default(5),
  /**
   * Where an outreach email's enrolment link points instead of the built-in /enrol page ({token}, {workflowId} and
   * {supplierKey} are filled in; without {token} the signed token is appended as `token=`).
   */
  CAMPAIGN_ENROLMENT_URL: z.string().url().optional(),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Largest accepted upload (MB); larger answers 413 and nothing is kept. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(500),
  /** Largest resource-hub upload (MB: videos and documents); larger answers 413 and nothing is kept. */
  RESOURCE_MAX_MB: z.coerce.number().int().min(1).default(500),
  /** Acceptance-model monitoring: a job whose latest AUC is below this is flagged (and logged on the job). */
  ML_AUC_ALERT_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
  /** Acceptance-model monitoring: an input whose PSI against the previous run reaches this is flagged as drift. */
  ML_PSI_ALERT_THRESHOLD: z.coerce.number().min(0).default(0.25),
  /** Reference card-acceptance network: a CSV/Parquet file in the documented layout, else a generated one. */
  NETWORK_FILE: z.string().optional(),
  NETWORK_MERCHANTS: z.coerce.number().int().min(100).default(100_000),
  /** Name and version of the reference network in results and GET /api/v1/networks (docs/NETWORKS.md). */
  NETWORK_NAME: z.string().trim().min(1).max(60).optional(),
  NETWORK_VERSION: z.string().trim().min(1).max(40).optional(),
  /**
   * Further reference networks, each matched after the reference network: `name[@version]=file` entries separated by
   * `;` (files in the documented network layout, CSV or Parquet). docs/NETWORKS.md.
   */
  NETWORKS_EXTRA: z
    .string()
    .optional()
    .refine(
      (v) =>
        !v ||
        v
          .split(';')
          .map((e) => e.trim())
          .every((e) => !e || /^[^=@]+?(@[^=]+)?=.+$/.test(e)),
      'NETWORKS_EXTRA holds name[@version]=file entries separated by ";"',
    ),
  /** Without NETWORK_FILE: a second generated network overlapping the first ("Scheme B"), as the demo ships. */
  NETWORK_SECOND: bool(true),
  /**
   * How further networks are searched (docs/NETWORKS.md "Matching"): `confirm` — candidates by exact keys and the
   * reference network's best candidates' names, a fraction of a match; `full` — the whole matcher per network.
   */
  NETWORKS_MATCH: z.enum(NETWORK_MATCH_MODES).default('confirm'),
  /** Vendor search: worker threads that search (each holds the index's postings, ≈ 30 MB per 1M merchants). */
  VENDOR_SEARCH_WORKERS: z.coerce.number().int().min(1).max(8).default(2),
  /** Vendor search: wall clock of one search in its worker; past it the worker is replaced and the answer is 503. */
  VENDOR_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_FLAG_APP_CONFIG: bool(false),
  PUBLIC_FLAG_MEMORY_TESTING: bool(false),
  // --- Analytics sandbox (ADR 0006) ---
  /** PostgreSQL login analytics queries run as (it must read only the analytics views); absent → the server sets
   * up the role sextant_analytics_reader itself. */
  ANALYTICS_DATABASE_URL: z.string().url().optional(),
  /** Analytics: rows a query returns at most (more → truncated). */
  ANALYTICS_ROW_LIMIT: z.coerce.number().int().min(1).default(5000),
  /** Analytics: rows a CSV export carries at most. */
  ANALYTICS_EXPORT_ROW_LIMIT: z.coerce.number().int().min(1).default(50_000),
  /** Analytics: the longest a query may run (ms); then it is stopped. */
  ANALYTICS_TIMEOUT_MS: z.coerce.number().int().min(10).default(10_000),
  /** Analytics: queries one user may run at the same time. */
  ANALYTICS_MAX_PER_USER: z.coerce.number().int().min(1).default(1),
  /** Analytics: reader connections (PostgreSQL) or worker threads (PGlite). */
  ANALYTICS_SANDBOXES: z.coerce.number().int().min(1).default(2),
  /** Analytics (PGlite): a snapshot of the views is reused while younger than this (ms). */
  ANALYTICS_SNAPSHOT_MAX_AGE_MS: z.coerce.number().int().min(0).default(5000),
  /** libpq's password variable (node-postgres reads it too): the fallback the analytics reader's password derives from. */
  PGPASSWORD: z.string().optional(),
  // --- ProQ (apps/server/src/proq): unset → ProQ's own defaults ---
  /** Commands are enqueued into, and claimed from, this environment only (ProQ default "default"). */
  PROQ_ENVIRONMENT: z.string().min(1).optional(),
  /** Commands run at once by this process's worker (ProQ default 4). */
  PROQ_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** Idle polling backoff: wait MIN after an empty poll, ×COEFFICIENT each time, up to MAX (ms). */
  PROQ_MIN_DELAY_MS: z.coerce.number().int().min(1).optional(),
  PROQ_MAX_DELAY_MS: z.coerce.number().int().min(1).optional(),
  PROQ_COEFFICIENT: z.coerce.number().min(1).optional(),
  /** On stop, how long running commands may finish before they are handed back (ms; ProQ default 10000). */
  PROQ_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).optional(),
  /** Heartbeat, stuck recovery and dependency sweeps (ms; ProQ default 5000). */
  PROQ_MAINTENANCE_INTERVAL_MS: z.coerce.number().int().min(10).optional(),
  /** Seconds without a worker heartbeat after which another worker takes over its leased commands (default 30). */
  PROQ_WORKER_DEAD_SECONDS: z.coerce.number().int().min(1).optional(),
  // --- PDF reports (modules/results/pdf.ts) ---
  /** The Chromium binary PDF rendering drives (its presence is checked at each use). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Renders at once. */
  PDF_MAX_CONCURRENT: z.coerce.number().int().min(1).default(2),
  /** Renders waiting for a slot before requests answer 429. */
  PDF_MAX_QUEUED: z.coerce.number().int().min(0).default(8),
  /** The longest one render may take (ms). */
  PDF_TIMEOUT_MS: z.coerce.number().int().min(100).default(45_000),
  /** Session cache TTL (plugins/auth-cache.ts); default 60 s on the embedded PGlite, 5 s on PostgreSQL; 0 = off. */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** Bearer token for GET /metrics from other hosts (without it only direct loopback requests may scrape). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // --- AI (DESIGN §4 "AI"): an OpenAI-compatible endpoint; absent → every AI feature works without a model ---
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 (…/chat/completions is appended). */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Time limit of one model call (ms). */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Base URL of an OpenAI-compatible embeddings API (…/embeddings is appended); absent → chat retrieval is full-text
   * only. Not derived from LLM_BASE_URL: a chat endpoint often serves no embedding model.
   */
  EMBEDDING_BASE_URL: z.string().url().optional(),
  /** Bearer key of the embeddings API; when absent and EMBEDDING_BASE_URL equals LLM_BASE_URL, LLM_API_KEY. */
  EMBEDDING_API_KEY: z.string().optional(),
  /** Embedding model; changing it re-embeds every chat document (chat.embed-backfill at start). */
  EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  /** Texts per embeddings request. */
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  /** Time limit of one embeddings request (ms); a failed request is tried 3 times. */
  EMBEDDING_TIMEOUT_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * Chat: passage vectors held in memory and compared with a question at most (the most recently indexed documents'
   * first; 50,000 × 1,536 dimensions ≈ 300 MB); passages beyond it are found by full-text search only.
   */
  CHAT_VECTOR_SCAN_MAX: z.coerce.number().int().min(100).default(50_000),
  /** Chat: least cosine similarity for a passage to be retrieved by its vector alone (model-dependent). */
  CHAT_VECTOR_MIN_SIMILARITY: z.coerce.number().min(-1).max(1).default(0.25),
  /** Chat: questions per user per minute. */
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Chat: largest accepted document (MB). */
  CHAT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(20),
  /** Chat: days an exchange is kept in the logs. */
  CHAT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  // --- Merge.dev (issuer input data options MergeLink / MergeMagicLink): absent key → those options are "not configured"
  /** Base URL of Merge's API (…/api/integrations/…, …/api/accounting/v1/… are appended); EU: https://api-eu.merge.dev. */
  MERGE_API_URL: z.string().url().default('https://api.merge.dev'),
  /** Merge API key (Bearer); the account tokens of linked accounts are stored encrypted with SECRETS_KEY. */
  MERGE_API_KEY: z.string().min(8, 'MERGE_API_KEY must be at least 8 characters').optional(),
  /** Merge's webhook signature key: POST /api/v1/merge/webhooks accepts only bodies signed with it (absent → refused). */
  MERGE_WEBHOOK_KEY: z.string().min(8).optional(),
  /** Time limit of one Merge request (ms). */
  MERGE_TIMEOUT_MS: z.coerce.number().int().min(500).default(30_000),
  /** Key for secrets stored encrypted (SFTP passwords and keys, Merge account tokens): 32+ characters; required in production. */
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters').optional(),
  /**
   * SFTP sources may connect to loopback, link-local and private addresses (127/8, 10/8, 172.16/12, 192.168/16,
   * 169.254/16, 100.64/10, fc00::/7, fe80::/10, …) only when this is set. Off by default: a source's host (or a
   * connection test's) cannot be aimed at the server itself or its internal network.
   */
  SFTP_ALLOW_PRIVATE_HOSTS: bool(false),
  /** Resource guard: seconds between background samples (0 = none; default 15, none under APP_ENV=test). */
  RESOURCE_SAMPLE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** Resource guard: days of samples kept. */
  RESOURCE_HISTORY_DAYS: z.coerce.number().int().min(1).max(365).default(7),
});

export type Config = z.infer<typeof ZEnv> & {
  dataDir: string;
  demoSeed: boolean;
  embedded: boolean;
  oidcEnabled: boolean;
};

/** The validated configuration (name used by shared helpers such as lib/llm.ts). */
export type AppConfig = Config;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const embedded = !c.DATABASE_URL;
  const demoSeed =
    c.DEMO_SEED === undefined ? embedded && c.APP_ENV !== 'production' : ['true', '1', 'yes'].includes(c.DEMO_SEED);
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    demoSeed,
    embedded,
    oidcEnabled: Boolean(c.OIDC_ISSUER_URL && c.OIDC_CLIENT_ID),
  };
}

/** ProQ's settings from the configuration (an unset one is undefined: ProQ keeps its default). */
export function proqOptions(config: Config) {
  return {
    environment: config.PROQ_ENVIRONMENT,
    concurrency: config.PROQ_CONCURRENCY,
    pollMinDelayMs: config.PROQ_MIN_DELAY_MS,
    pollMaxDelayMs: config.PROQ_MAX_DELAY_MS,
    pollCoefficient: config.PROQ_COEFFICIENT,
    shutdownGraceMs: config.PROQ_SHUTDOWN_GRACE_MS,
    maintenanceIntervalMs: config.PROQ_MAINTENANCE_INTERVAL_MS,
    workerDeadAfterSeconds: config.PROQ_WORKER_DEAD_SECONDS,
  };
}

export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
}
