/**
 * The app's CSP has no 'unsafe-eval': zod must not probe `Function` for its compiled parsers (the probe alone is
 * reported as a CSP violation). Jitless parsing gives the same results. Imported first by main.tsx.
 */
import { config } from 'zod';

config({ jitless: true });
