/**
 * The six demo brandings' images as data (issue #33: logos were hard-coded per key in the web app's brand-logo.tsx).
 * Each has a logo (mark and wordmark) and a favicon (the mark). They are stored through the same SVG sanitiser as
 * uploads, so a seeded logo is exactly what an administrator could have uploaded.
 */
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const MARKS: Record<string, { w: number; body: string }> = {
  paytech: {
    w: 40,
    body: '<rect width="40" height="40" rx="10" fill="#1D4ED8"/><path d="M20 7 L32 31 H8 Z" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/><path d="M11 25 A12 12 0 0 1 29 25" fill="none" stroke="#5EEAD4" stroke-width="3" stroke-linecap="round"/><circle cx="20" cy="22" r="3" fill="#5EEAD4"/>',
  },
  circles: {
    w: 64,
    body: '<circle cx="22" cy="20" r="17" fill="#EB001B"/><circle cx="42" cy="20" r="17" fill="#F79E1B"/><path d="M32 6.2 A17 17 0 0 1 32 33.8 A17 17 0 0 1 32 6.2 Z" fill="#FF5F00"/>',
  },
  lloyds: {
    w: 40,
    body: '<path d="M20 3 L35 8 V19 C35 28 28.5 34.5 20 37 C11.5 34.5 5 28 5 19 V8 Z" fill="#006A4D" stroke="#11B67A" stroke-width="2"/><path d="M12 24 C15 16 19 13 28 13 C24 16 22 20 22 27 Z" fill="#fff"/><circle cx="25.5" cy="11.5" r="2" fill="#fff"/>',
  },
  hsbc: {
    w: 60,
    body: '<polygon points="15,2 45,2 58,20 45,38 15,38 2,20" fill="#fff" stroke="#C8000F" stroke-width="1"/><polygon points="15,2 30,20 15,38 2,20" fill="#C8000F"/><polygon points="45,2 58,20 45,38 30,20" fill="#C8000F"/><polygon points="15,2 45,2 30,20" fill="#fff"/><polygon points="15,38 45,38 30,20" fill="#fff"/>',
  },
  test: {
    w: 40,
    body: '<rect x="2" y="2" width="36" height="36" rx="9" fill="#2E2352" stroke="#A78BFA" stroke-width="2"/><path d="M11 14 H29 M20 14 V30" stroke="#DDD6FE" stroke-width="3.5" stroke-linecap="round"/><circle cx="29" cy="28" r="4" fill="#5EEAD4"/>',
  },
};

const WORDS: Record<string, { mark: string; name: string; sub: string; colour: string }> = {
  paytech: { mark: 'paytech', name: 'paytech', sub: 'SPEND ANALYTICS', colour: '#0F172A' },
  mcpaytech: { mark: 'circles', name: 'paytech', sub: 'MASTERCARD PARTNER', colour: '#1C1917' },
  mastercard: { mark: 'circles', name: 'Mastercard', sub: 'B2B ANALYTICS', colour: '#1C1917' },
  lloyds: { mark: 'lloyds', name: 'Lloyds', sub: 'COMMERCIAL BANKING', colour: '#10231C' },
  test: { mark: 'test', name: 'Test Bank', sub: 'SANDBOX', colour: '#2E2352' },
  hsbc: { mark: 'hsbc', name: 'HSBC', sub: 'COMMERCIAL PAYMENTS', colour: '#1F1F1F' },
};

/** Logo and favicon SVG of a demo branding key (undefined for other keys). */
export function demoBrandImages(brandingKey: string): { logo: string; favicon: string } | undefined {
  const w = WORDS[brandingKey];
  if (!w) return undefined;
  const mark = MARKS[w.mark]!;
  const textX = mark.w + 10;
  const width = textX + Math.max(w.name.length * 12, w.sub.length * 7) + 4;
  const logo = svg(
    width,
    40,
    `<g>${mark.body}</g><text x="${textX}" y="21" font-family="Inter, Arial, sans-serif" font-size="20" font-weight="800" fill="${w.colour}">${w.name}</text><text x="${textX}" y="36" font-family="Inter, Arial, sans-serif" font-size="10" font-weight="600" letter-spacing="0.5" fill="${w.colour}" fill-opacity="0.72">${w.sub}</text>`,
  );
  return { logo, favicon: svg(mark.w, 40, mark.body) };
}
