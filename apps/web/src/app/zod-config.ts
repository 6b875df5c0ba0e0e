/**
 * The app's CSP has no 'unsafe-eval': zod must not probe `Function` for its compiled parsers (the probe alone is
 * reported as a CSP violation). Jitless parsing gives the same results. Imported first by main.tsx.
 *
 * zod keeps its one global configuration, which every zod module shares, on `globalThis.__zod_globalConfig`
 * (zod/v4/core/core.js creates it only when missing). It is set here without importing zod: the sign-in page parses
 * nothing with zod, and even zod's core (`config` from 'zod/v4/core') put 5 KB of zod on its start-up path.
 * zod-config.test.ts checks that zod reads this object.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
