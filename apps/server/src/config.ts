/**
 * Runtime configuration from the environment, validated once at start-up.
 * Defaults are the embedded mode: PGlite + files under ./data, demo data seeded, http://127.0.0.1:3000.
 */
import path from 'node:path';
import { z } from 'zod';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
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
  /** Trust X-Forwarded-For from a proxy in front of us (off: the socket address is the client). */
  TRUST_PROXY: bool(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  MAGIC_LINK_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  MAGIC_LINK_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Largest accepted upload (MB); larger answers 413 and nothing is kept. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(500),
  /** Reference card-acceptance network: a CSV/Parquet file in the documented layout, else a generated one. */
  NETWORK_FILE: z.string().optional(),
  NETWORK_MERCHANTS: z.coerce.number().int().min(100).default(100_000),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_FLAG_APP_CONFIG: bool(false),
  PUBLIC_FLAG_MEMORY_TESTING: bool(false),
});

export type Config = z.infer<typeof ZEnv> & {
  dataDir: string;
  demoSeed: boolean;
  embedded: boolean;
  oidcEnabled: boolean;
};

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

export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
}
