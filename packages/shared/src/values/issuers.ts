/**
 * Issuer languages (SPEC §3 Issuer), without zod; issuers.ts adds the schemas.
 */
/** Languages an issuer's analyses can be produced in (GET /issuers/getAllIssuerLanguages). */
export const ISSUER_LANGUAGES = [
  { key: 'en', name: 'English' },
  { key: 'de', name: 'German' },
  { key: 'fr', name: 'French' },
  { key: 'es', name: 'Spanish' },
  { key: 'it', name: 'Italian' },
  { key: 'nl', name: 'Dutch' },
  { key: 'pl', name: 'Polish' },
  { key: 'pt', name: 'Portuguese' },
  { key: 'sv', name: 'Swedish' },
] as const;

export type TIssuerLanguage = (typeof ISSUER_LANGUAGES)[number]['key'];
export const ISSUER_LANGUAGE_KEYS = ISSUER_LANGUAGES.map((l) => l.key) as [TIssuerLanguage, ...TIssuerLanguage[]];
