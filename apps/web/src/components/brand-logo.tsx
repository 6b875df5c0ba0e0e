/** Brand logos drawn as inline SVG (no downloaded assets). One per branding key; unknown keys use the theme's. */
import Box from '@mui/material/Box';
import type { TThemeKey } from '@sextant/shared/values';

interface TLogoProps {
  brandingKey?: string | null;
  theme: TThemeKey;
  /** Draw for a dark background. */
  onDark?: boolean;
  height?: number;
  /** Mark only (collapsed navbar). */
  markOnly?: boolean;
}

function PaytechMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#1D4ED8" />
      <path d="M20 7 L32 31 H8 Z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M11 25 A12 12 0 0 1 29 25" fill="none" stroke="#5EEAD4" strokeWidth="3" strokeLinecap="round" />
      <circle cx="20" cy="22" r="3" fill="#5EEAD4" />
    </svg>
  );
}

function CirclesMark({ size }: { size: number }) {
  return (
    <svg width={size * 1.6} height={size} viewBox="0 0 64 40" aria-hidden="true">
      <circle cx="22" cy="20" r="17" fill="#EB001B" />
      <circle cx="42" cy="20" r="17" fill="#F79E1B" />
      <path d="M32 6.2 A17 17 0 0 1 32 33.8 A17 17 0 0 1 32 6.2 Z" fill="#FF5F00" />
    </svg>
  );
}

function ShieldMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <path
        d="M20 3 L35 8 V19 C35 28 28.5 34.5 20 37 C11.5 34.5 5 28 5 19 V8 Z"
        fill="#006A4D"
        stroke="#11B67A"
        strokeWidth="2"
      />
      <path d="M12 24 C15 16 19 13 28 13 C24 16 22 20 22 27 Z" fill="#fff" />
      <circle cx="25.5" cy="11.5" r="2" fill="#fff" />
    </svg>
  );
}

function HexMark({ size }: { size: number }) {
  return (
    <svg width={size * 1.5} height={size} viewBox="0 0 60 40" aria-hidden="true">
      <polygon points="15,2 45,2 58,20 45,38 15,38 2,20" fill="#fff" stroke="#C8000F" strokeWidth="1" />
      <polygon points="15,2 30,20 15,38 2,20" fill="#C8000F" />
      <polygon points="45,2 58,20 45,38 30,20" fill="#C8000F" />
      <polygon points="15,2 45,2 30,20" fill="#fff" />
      <polygon points="15,38 45,38 30,20" fill="#fff" />
    </svg>
  );
}

function TestMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect x="2" y="2" width="36" height="36" rx="9" fill="#2E2352" stroke="#A78BFA" strokeWidth="2" />
      <path d="M11 14 H29 M20 14 V30" stroke="#DDD6FE" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="29" cy="28" r="4" fill="#5EEAD4" />
    </svg>
  );
}

const BRAND_NAMES: Record<string, { name: string; sub?: string }> = {
  paytech: { name: 'paytech', sub: 'Spend Analytics' },
  mcpaytech: { name: 'paytech', sub: 'Mastercard Partner' },
  mastercard: { name: 'Mastercard', sub: 'B2B Analytics' },
  lloyds: { name: 'Lloyds', sub: 'Commercial Banking' },
  test: { name: 'Test Bank', sub: 'Sandbox' },
  hsbc: { name: 'HSBC', sub: 'Commercial Payments' },
};

export function BrandLogo({ brandingKey, theme, onDark = false, height = 36, markOnly = false }: TLogoProps) {
  const key = brandingKey && BRAND_NAMES[brandingKey] ? brandingKey : theme;
  const names = BRAND_NAMES[key] ?? BRAND_NAMES.paytech!;
  const mark =
    key === 'mastercard' || key === 'mcpaytech' ? (
      <CirclesMark size={height} />
    ) : key === 'lloyds' ? (
      <ShieldMark size={height} />
    ) : key === 'hsbc' ? (
      <HexMark size={height} />
    ) : key === 'test' ? (
      <TestMark size={height} />
    ) : (
      <PaytechMark size={height} />
    );
  const label = `${names.name}${names.sub ? ` ${names.sub}` : ''}`;
  if (markOnly)
    return (
      <Box role="img" aria-label={label} sx={{ display: 'inline-flex', lineHeight: 0 }}>
        {mark}
      </Box>
    );
  return (
    <Box role="img" aria-label={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, lineHeight: 1 }}>
      {mark}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        <Box
          component="span"
          sx={{
            fontSize: height * 0.5,
            fontWeight: 800,
            letterSpacing: key === 'hsbc' ? '0.08em' : '-0.02em',
            color: onDark ? '#fff' : key === 'hsbc' ? '#1F1F1F' : 'text.primary',
            whiteSpace: 'nowrap',
          }}
        >
          {names.name}
        </Box>
        {names.sub && (
          <Box
            component="span"
            sx={{
              fontSize: Math.max(10, height * 0.28),
              fontWeight: 600,
              letterSpacing: '0.04em',
              textTransform: 'uppercase',
              color: onDark ? 'rgba(255,255,255,0.78)' : 'text.secondary',
              whiteSpace: 'nowrap',
            }}
          >
            {names.sub}
          </Box>
        )}
      </Box>
    </Box>
  );
}
