/**
 * The app's CSP has no 'unsafe-eval': zod must not probe `Function` for its compiled parsers (the probe alone is
 * reported as a CSP violation). Jitless parsing gives the same results. Imported first by main.tsx.
 *
 * From zod's core (one global configuration that every zod module shares), not from 'zod': the sign-in page parses
 * nothing with zod, and importing 'zod' here put all of zod on its start-up path.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
