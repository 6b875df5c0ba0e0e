/** Branding contracts (SPEC §3 Branding, §7 Branding) and branding administration (issue #33). */
import { z } from 'zod';
import { ZThemeKey } from './enums.ts';
import { ISSUER_LANGUAGE_KEYS } from './values/issuers.ts';
import { BRANDING_ASSET_KINDS, brandingContrastFailures } from './values/brandings.ts';
import { HEX_COLOUR } from './values/contrast.ts';

export * from './values/brandings.ts';

export const ZBranding = z.object({
  brandingId: z.string().uuid(),
  brandingKey: z.string(),
  theme: ZThemeKey,
  brandingDisplayName: z.string(),
  fullDomainName: z.string().nullable(),
  emailSenderAddress: z.string(),
  emailSenderName: z.string(),
  /** Set when retired (listed to internal staff only). */
  retiredAt: z.string().nullable(),
  /** The uploaded logo's version (its asset URL's `v`); null without one (the product mark stands in). */
  logoVersion: z.string().nullable(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const ZBrandingAssetKind = z.enum(BRANDING_ASSET_KINDS);

const colour = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(HEX_COLOUR, `${name} must be a colour like #1D4ED8`);

export const ZBrandingColours = z
  .object({
    primary: colour('Primary colour'),
    primaryText: colour('Primary text colour'),
    background: colour('Background colour'),
    text: colour('Text colour'),
  })
  .superRefine((c, ctx) => {
    for (const f of brandingContrastFailures(c)) ctx.addIssue({ code: 'custom', path: [f.fg], message: f.message });
  });

/** Login-page text per language (key: issuer language). */
export const ZBrandingLoginTexts = z.partialRecord(
  z.enum(ISSUER_LANGUAGE_KEYS),
  z.string().trim().max(500, 'A login text has at most 500 characters'),
);

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const ZBrandingWrite = z.object({
  brandingKey: z
    .string({ error: 'Branding key is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Branding key: 2 to 40 lower-case letters, digits or hyphens'),
  brandingDisplayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(80, 'Display name has at most 80 characters'),
  theme: ZThemeKey,
  colours: ZBrandingColours,
  emailSenderAddress: z.email('Email sender address must be an e-mail address').trim(),
  emailSenderName: z
    .string({ error: 'Email sender name is required' })
    .trim()
    .min(1, 'Email sender name is required')
    .max(120, 'Email sender name has at most 120 characters'),
  emailFooter: z.string().trim().max(1000, 'Email footer has at most 1000 characters').default(''),
  loginTexts: ZBrandingLoginTexts.default({}),
  domains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(DOMAIN, 'A domain is a host name like analytics.bank.example (no scheme, path or port)'),
    )
    .max(20, 'At most 20 domains')
    .default([])
    .refine((d) => new Set(d).size === d.length, 'A domain is listed twice'),
});
export type TBrandingWrite = z.input<typeof ZBrandingWrite>;

export const ZBrandingDetail = ZBranding.extend({
  colours: z.object({ primary: z.string(), primaryText: z.string(), background: z.string(), text: z.string() }),
  emailFooter: z.string(),
  loginTexts: z.record(z.string(), z.string()),
  domains: z.array(z.string()),
  /** Uploaded images, with the version (hash) of each (absent: none uploaded). */
  assets: z.partialRecord(ZBrandingAssetKind, z.object({ contentType: z.string(), version: z.string() })),
  issuersCount: z.number().int(),
});
export type TBrandingDetail = z.infer<typeof ZBrandingDetail>;

export const ZBrandingIdParams = z.object({ id: z.uuid('Branding id must be a UUID') });
export const ZBrandingAssetQuery = z.object({ kind: ZBrandingAssetKind.default('logo') });
export const ZBrandingAssetParams = z.object({ brandingKey: z.string().max(40), kind: ZBrandingAssetKind });

export const ZPublicBranding = z.object({
  brandingKey: z.string(),
  theme: ZThemeKey,
  brandingDisplayName: z.string(),
  colours: ZBrandingDetail.shape.colours.nullable(),
  loginTexts: z.record(z.string(), z.string()),
  /** Versions of the uploaded images (absent: none). */
  assets: ZBrandingDetail.shape.assets,
});
export type TPublicBranding = z.infer<typeof ZPublicBranding>;
