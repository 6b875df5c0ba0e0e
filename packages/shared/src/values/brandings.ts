/**
 * Product name, login page titles and trust-centre keys (SPEC §3 Branding), without zod; brandings.ts adds the schemas.
 */
/** Brandings whose login page shows the trust-centre note (ISO 27001, SOC 2). */
export const TRUST_CENTRE_BRANDING_KEYS = ['paytech', 'mcpaytech'] as const;

/** Login page title per branding key; others use the product name. */
export const LOGIN_PAGE_TITLES: Record<string, string> = { mastercard: 'Mastercard B2B Analytics' };

export const PRODUCT_CODE_NAME = 'Sextant';
