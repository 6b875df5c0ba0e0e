/**
 * Builds the Fastify application: plugins (cookies, forms, multipart, OpenAPI, errors, CSRF, access), every API
 * module, and the built web app. Used by main.ts and by the tests (with an injected database).
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DbHandle } from '@sextant/db';
import { proqOptions, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { accessPlugin } from './plugins/access.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { DEFAULT_WEB_DIST, inlineScriptSources, registerWeb } from './plugins/web.ts';
import { apiModules } from './modules/index.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { proqFor, type Proq } from './proq/index.ts';
import { registerFeatureCommands } from './modules/commands.ts';
import { correlationIdOf, enterCorrelation, requestIdOf } from './lib/request-context.ts';
import { registerAppMetrics } from './lib/metrics.ts';
import { openBlobStore, type BlobStore } from './lib/blob-store.ts';
import { settleBackground } from './lib/background.ts';

export interface BuildAppOptions {
  config: Config;
  dbh: DbHandle;
  /** Serve the SPA from this folder (default apps/web/dist); false → API only. */
  web?: string | false;
  logger?: boolean;
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: { write(line: string): void };
  /** A ProQ instance to use (tests); by default one is created on `dbh` (its worker is started by main.ts). */
  proq?: Proq;
  /** HTTP services to serve (default both): `api` = every /api module, `chat` = the /chat/* service. */
  services?: { api: boolean; chat: boolean };
  /** The blob store to use (tests); by default the one BLOB_URL names, else DATA_DIR. */
  blobs?: BlobStore;
  /**
   * Settles when the start-up work that must precede requests is done (main.ts: reference data, demo seed, the
   * start-up checks after the last stop). The server may listen before: every request but `GET /health/live` waits
   * for it, and work started in the background at start (the vendor index) begins after it. Default: already done.
   */
  startUp?: Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** see BuildAppOptions.startUp */
    startUp: Promise<void>;
  }
}

/** The one route that answers while the start-up work runs: the liveness probe (the process serves HTTP). */
const ANSWERS_DURING_START_UP = '/health/live';

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, dbh } = opts;
  const trustedHops = config.TRUST_PROXY || 0;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.LOG_LEVEL, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // A hop count trusts that many proxies from us (proxy-addr's rule for numbers, typed here as its function).
    trustProxy: trustedHops ? (_address: string, hop: number) => hop < trustedHops : false,
    bodyLimit: 10 * 1024 * 1024,
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    // Request ids: a sane incoming X-Request-Id or a UUID (lib/request-context.ts).
    genReqId: requestIdOf,
  });
  // One queue per database in a process: the API routes and the in-process worker share it.
  const proq = opts.proq ?? proqFor(dbh, { ...proqOptions(config), logger: app.log });
  const blobs =
    opts.blobs ??
    (await openBlobStore({
      dataDir: config.dataDir,
      url: config.BLOB_URL,
      cacheBytes: config.BLOB_CACHE_MB * 1024 * 1024,
    }));
  const ctx: AppContext = { config, dbh, db: dbh.db, log: app.log, proq, blobs };
  // Closing waits for the work the app left running in the background (a cache being warmed: lib/background.ts),
  // which may still write into DATA_DIR or read the blob store, then closes the blob store.
  app.addHook('onClose', async () => {
    await settleBackground(ctx);
    if (!opts.blobs) await blobs.close();
  });
  registerFeatureCommands(ctx);
  app.decorate('ctx', ctx);
  const startUp = opts.startUp ?? Promise.resolve();
  app.decorate('startUp', startUp);
  // First of all hooks: no request sees the state before the start-up checks (crash recovery) have run.
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url !== ANSWERS_DURING_START_UP) await startUp;
  });
  // Request id echoed, correlation id logged with every line of the request and carried into ProQ commands.
  app.addHook('onRequest', async (req, reply) => {
    const correlationId = correlationIdOf(req.raw, req.id);
    if (correlationId !== req.id) req.log = req.log.child({ correlationId });
    enterCorrelation(correlationId);
    reply.header('x-request-id', req.id);
  });
  app.decorate('metricsRegistry', registerAppMetrics(app, ctx));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const webDist = opts.web === false ? false : (opts.web ?? config.WEB_DIST ?? DEFAULT_WEB_DIST);
  await registerSecurityHeaders(app, config, webDist);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024 * 1024, files: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sextant API', description: 'B2B payments and spend analytics', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sextant_session' } } },
    },
    transform: documentedSchema,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs.json', { config: { access: { public: true, allowInMaintenance: true } } }, async () =>
    app.swagger(),
  );
  registerErrorHandling(app);
  registerCsrf(app, config);
  await app.register(accessPlugin);

  const services = opts.services ?? { api: true, chat: true };
  for (const mod of apiModules) {
    // the chat service alone (--services=chat) serves /chat/* and the health probes
    const wanted = mod === chatRoutes ? services.chat : services.api || mod === healthRoutes;
    if (wanted) await app.register(mod);
  }

  await registerWeb(app, webDist);
  return app;
}

/**
 * The route's zod schemas as OpenAPI JSON schema. A free-form query string (a record: a saved report's parameters)
 * has no named fields to document as parameters, so it is left out of the document rather than mangled into
 * parameters called "type" and "additionalProperties".
 */
const documentedSchema: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const qs = (out.schema as { querystring?: { properties?: unknown } } | undefined)?.querystring;
  if (qs && !qs.properties) {
    const { querystring: _free, ...schema } = out.schema as Record<string, unknown>;
    return { ...out, schema };
  }
  return out;
};

/**
 * Standard headers on every response, the app's pages and the API alike (DESIGN §6), set before any other hook can
 * answer: a CSP that runs only our own scripts (the inline ones of index.html by hash), refuses framing, plugins and
 * foreign form targets; nosniff; Referrer-Policy same-origin (sign-in links carry their token in the URL, and the
 * CSRF check needs the Origin header that "no-referrer" would blank); HSTS when served over https.
 */
async function registerSecurityHeaders(app: FastifyInstance, config: Config, webDist: string | false) {
  const httpsSite = config.PUBLIC_URL?.startsWith('https:') ?? false;
  // Merge Link (issuer option MergeLink) loads Merge's script and opens Merge's frame: allowed only when configured.
  const merge = config.MERGE_API_KEY ? { script: ['https://cdn.merge.dev'], frame: ['https://*.merge.dev'] } : null;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: [() => ["'self'", ...inlineScriptSources(webDist), ...(merge?.script ?? [])].join(' ')],
        ...(merge ? { frameSrc: ["'self'", ...merge.frame] } : {}),
        scriptSrcAttr: ["'none'"],
        // MUI/emotion and ECharts set inline styles; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        // No page of ours is meant to be framed: the printable frame is opened directly (by the PDF renderer too).
        frameAncestors: ["'none'"],
        ...(httpsSite ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https' || httpsSite)
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
