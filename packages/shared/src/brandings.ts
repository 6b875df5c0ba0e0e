/** Branding contracts (SPEC §3 Branding, §7 Branding). */
import { z } from 'zod';
import { ZThemeKey } from './enums.ts';

export * from './values/brandings.ts';

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
