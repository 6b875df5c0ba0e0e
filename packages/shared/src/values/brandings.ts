import { AA_TEXT, contrastRatio, HEX_COLOUR } from './contrast.ts';
/**
 * Product name, login page titles and trust-centre keys (SPEC §3 Branding), without zod; brandings.ts adds the schemas.
 */
/** Brandings whose login page shows the trust-centre note (ISO 27001, SOC 2). */
export const TRUST_CENTRE_BRANDING_KEYS = ['paytech', 'mcpaytech'] as const;

/** Login page title per branding key; others use the product name. */
export const LOGIN_PAGE_TITLES: Record<string, string> = { mastercard: 'Mastercard B2B Analytics' };

export const PRODUCT_CODE_NAME = 'Sextant';

/** A branding's colours (#RRGGBB): text on background and primaryText on primary must reach WCAG AA. */
export interface TBrandingColours {
  primary: string;
  primaryText: string;
  background: string;
  text: string;
}

/** The colour pairs checked for WCAG AA contrast (foreground on background), with their labels. */
export const BRANDING_COLOUR_PAIRS = [
  { fg: 'text', bg: 'background', label: 'Text on background' },
  { fg: 'primaryText', bg: 'primary', label: 'Primary text on primary' },
] as const satisfies readonly { fg: keyof TBrandingColours; bg: keyof TBrandingColours; label: string }[];

interface TContrastFailure {
  fg: keyof TBrandingColours;
  bg: keyof TBrandingColours;
  ratio: number;
  message: string;
}

/** The pairs below AA (4.5:1), each with a message naming the pair, both colours and the ratio (one decimal, floored). */
export function brandingContrastFailures(c: TBrandingColours): TContrastFailure[] {
  const out: TContrastFailure[] = [];
  for (const p of BRANDING_COLOUR_PAIRS) {
    const fg = c[p.fg];
    const bg = c[p.bg];
    if (!HEX_COLOUR.test(fg) || !HEX_COLOUR.test(bg)) continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio < AA_TEXT)
      out.push({
        fg: p.fg,
        bg: p.bg,
        ratio,
        message: `${p.label} (${fg} on ${bg}) has a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1; WCAG AA needs at least ${AA_TEXT}:1`,
      });
  }
  return out;
}

/** Kinds of image a branding carries. */
export const BRANDING_ASSET_KINDS = ['logo', 'favicon', 'loginImage'] as const;
export type TBrandingAssetKind = (typeof BRANDING_ASSET_KINDS)[number];

/** Largest accepted image per kind (bytes). */
export const BRANDING_ASSET_MAX_BYTES: Record<TBrandingAssetKind, number> = {
  logo: 512 * 1024,
  favicon: 128 * 1024,
  loginImage: 2 * 1024 * 1024,
};

/** Public URL of a branding's image by branding key (login page, navbar, e-mails); `v` busts caches after an upload. */
export const brandingAssetUrl = (brandingKey: string, kind: TBrandingAssetKind, version?: string | null) =>
  `/api/v2/brandings/assets/${encodeURIComponent(brandingKey)}/${kind}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
