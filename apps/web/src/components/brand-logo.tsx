/**
 * A branding's logo, served from the branding's data (/api/v2/brandings/assets/{key}/logo; issue #33: uploaded by
 * branding administration, the demo brandings' seeded): the logo, or the favicon mark when collapsed. Without a
 * branding key the theme's key is used; a branding without an uploaded image shows the product mark and name.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import { brandingAssetUrl, PRODUCT_CODE_NAME, type TThemeKey } from '@sextant/shared/values';

interface TLogoProps {
  brandingKey?: string | null;
  theme: TThemeKey;
  /** Draw for a dark background. */
  onDark?: boolean;
  height?: number;
  /** Mark only (collapsed navbar). */
  markOnly?: boolean;
  /** Accessible name (the branding's display name when known). */
  label?: string;
}

/** The product's mark: what a branding without an uploaded logo shows. */
export function ProductMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#1D4ED8" />
      <path d="M20 7 L32 31 H8 Z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="20" cy="22" r="3" fill="#5EEAD4" />
    </svg>
  );
}

export function BrandLogo({ brandingKey, theme, onDark = false, height = 36, markOnly = false, label }: TLogoProps) {
  const key = brandingKey || theme;
  const src = brandingAssetUrl(key, markOnly ? 'favicon' : 'logo');
  const [failed, setFailed] = useState<string | null>(null);
  const name = label ?? PRODUCT_CODE_NAME;
  if (failed === src)
    return (
      <Box role="img" aria-label={name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, lineHeight: 1 }}>
        <ProductMark size={height} />
        {!markOnly && (
          <Box
            component="span"
            sx={{
              fontSize: height * 0.5,
              fontWeight: 800,
              color: onDark ? '#fff' : 'text.primary',
              whiteSpace: 'nowrap',
            }}
          >
            {name}
          </Box>
        )}
      </Box>
    );
  return (
    <Box
      sx={{
        display: 'inline-flex',
        lineHeight: 0,
        // A logo drawn for light backgrounds stays legible on a dark navbar or login panel.
        ...(onDark && !markOnly ? { bgcolor: '#fff', borderRadius: 1.5, px: 1, py: 0.5 } : {}),
      }}
    >
      <Box
        component="img"
        src={src}
        alt={label ?? key}
        data-testid="brand-logo"
        onError={() => setFailed(src)}
        sx={{ height, maxWidth: markOnly ? height : 280, display: 'block' }}
      />
    </Box>
  );
}
