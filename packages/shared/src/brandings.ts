/** Branding contracts (SPEC §3 Branding, §7 Branding). */
import { z } from 'zod';
import { ZThemeKey } from './enums.ts';

export const ZBranding = z.object({
  brandingId: z.string().uuid(),
  brandingKey: z.string(),
  theme: ZThemeKey,
  brandingDisplayName: z.string(),
  fullDomainName: z.string().nullable(),
  emailSenderAddress: z.string(),
  emailSenderName: z.string(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const ZPublicBranding = z.object({ brandingKey: z.string(), theme: ZThemeKey });
export type TPublicBranding = z.infer<typeof ZPublicBranding>;

/** Brandings whose login page shows the trust-centre note (ISO 27001, SOC 2). */
export const TRUST_CENTRE_BRANDING_KEYS = ['paytech', 'mcpaytech'] as const;
/** Login page title per branding key; others use the product name. */
export const LOGIN_PAGE_TITLES: Record<string, string> = { mastercard: 'Mastercard B2B Analytics' };
export const PRODUCT_CODE_NAME = 'Sextant';
