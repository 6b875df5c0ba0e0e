/**
 * Lazy loaders of the non-English resources, keyed by "../locales/<lang>/<ns>.json": a chunk of its own that i18n.ts
 * loads when a reader's language is not English. The map of 200-odd imports weighed 3 KB gzip in the app's first chunk,
 * which the sign-in page in English never uses.
 */
import type { ResourceLanguage } from 'i18next';

export const LOADERS = import.meta.glob<{ default: ResourceLanguage[string] }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);
