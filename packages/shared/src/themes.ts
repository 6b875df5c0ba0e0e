/**
 * Theme tokens of the five branded themes (SPEC §1 "Look", §3 Branding theme keys).
 *
 * One source for colours and type: the web app turns them into MUI themes (and printable variants), and
 * e-mails or exports may reuse them. Every text/background pair here must pass WCAG AA (4.5:1); the web
 * app's unit test computes the ratios.
 */
import type { TThemeKey } from './enums.ts';

export interface TThemeTokens {
  key: TThemeKey;
  mode: 'light' | 'dark';
  primary: string;
  primaryContrast: string;
  secondary: string;
  secondaryContrast: string;
  background: string;
  paper: string;
  text: string;
  textSecondary: string;
  divider: string;
  error: string;
  warning: string;
  success: string;
  info: string;
  navbar: { background: string; text: string; muted: string; activeBackground: string; activeText: string };
  toolbar: { background: string; text: string };
  fontFamily: string;
  headingFontFamily: string;
  headingWeight: number;
  radius: number;
  /** CSS background of the login page (gradients only: no downloaded images). */
  loginBackground: string;
}

export const THEME_TOKENS: Record<TThemeKey, TThemeTokens> = {
  // Theme 1: Paytech: navy and blue, Inter, medium radius.
  paytech: {
    key: 'paytech',
    mode: 'light',
    primary: '#1D4ED8',
    primaryContrast: '#FFFFFF',
    secondary: '#0F766E',
    secondaryContrast: '#FFFFFF',
    background: '#F3F6FB',
    paper: '#FFFFFF',
    text: '#0F172A',
    textSecondary: '#475569',
    divider: '#E2E8F0',
    error: '#B91C1C',
    warning: '#A15C07',
    success: '#15803D',
    info: '#1D4ED8',
    navbar: {
      background: '#0B1B33',
      text: '#E2E8F0',
      muted: '#94A3B8',
      activeBackground: '#1D4ED8',
      activeText: '#FFFFFF',
    },
    toolbar: { background: '#FFFFFF', text: '#0F172A' },
    fontFamily: '"Inter Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingFontFamily: '"Inter Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingWeight: 700,
    radius: 10,
    loginBackground:
      'radial-gradient(1200px 600px at 10% 10%, rgba(59,130,246,0.35), transparent 60%), radial-gradient(900px 500px at 90% 90%, rgba(20,184,166,0.28), transparent 60%), linear-gradient(135deg, #0B1B33 0%, #12284A 55%, #0B1B33 100%)',
  },
  // Theme 2: Mastercard: warm neutrals, dark chrome, orange accent, Figtree, round corners.
  mastercard: {
    key: 'mastercard',
    mode: 'light',
    primary: '#C2410C',
    primaryContrast: '#FFFFFF',
    secondary: '#1C1917',
    secondaryContrast: '#FFFFFF',
    background: '#F7F4EF',
    paper: '#FFFFFF',
    text: '#1C1917',
    textSecondary: '#57534E',
    divider: '#E7E1D8',
    error: '#B91C1C',
    warning: '#9A5A00',
    success: '#166534',
    info: '#1E40AF',
    navbar: {
      background: '#1C1917',
      text: '#F5F5F4',
      muted: '#A8A29E',
      activeBackground: '#3A2E26',
      activeText: '#FDBA74',
    },
    toolbar: { background: '#FFFFFF', text: '#1C1917' },
    fontFamily: '"Figtree Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingFontFamily: '"Figtree Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingWeight: 800,
    radius: 16,
    loginBackground:
      'radial-gradient(700px 700px at 18% 40%, rgba(235,0,27,0.55), transparent 62%), radial-gradient(700px 700px at 42% 60%, rgba(247,158,27,0.5), transparent 62%), linear-gradient(160deg, #1C1917 0%, #292524 100%)',
  },
  // Theme 3: Lloyds: deep green, serif headings, square-ish corners.
  lloyds: {
    key: 'lloyds',
    mode: 'light',
    primary: '#006A4D',
    primaryContrast: '#FFFFFF',
    secondary: '#024731',
    secondaryContrast: '#FFFFFF',
    background: '#F2F6F4',
    paper: '#FFFFFF',
    text: '#10231C',
    textSecondary: '#4A5E56',
    divider: '#D7E2DD',
    error: '#B42318',
    warning: '#8A5300',
    success: '#006A4D',
    info: '#0B5394',
    navbar: {
      background: '#00442F',
      text: '#E8F3EE',
      muted: '#A7C4B8',
      activeBackground: '#11B67A',
      activeText: '#00231A',
    },
    toolbar: { background: '#FFFFFF', text: '#10231C' },
    fontFamily: '"Source Sans 3 Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingFontFamily: '"Merriweather Variable", Georgia, "Times New Roman", serif',
    headingWeight: 700,
    radius: 4,
    loginBackground:
      'linear-gradient(160deg, rgba(0,68,47,0.96) 0%, rgba(0,106,77,0.92) 60%, rgba(17,182,122,0.85) 100%), repeating-linear-gradient(45deg, rgba(255,255,255,0.04) 0 12px, transparent 12px 24px)',
  },
  // Theme 4: Test: dark mode, violet accent, IBM Plex Sans.
  test: {
    key: 'test',
    mode: 'dark',
    primary: '#A78BFA',
    primaryContrast: '#1E1033',
    secondary: '#5EEAD4',
    secondaryContrast: '#042F2E',
    background: '#0B1120',
    paper: '#151E32',
    text: '#E2E8F0',
    textSecondary: '#A5B1C4',
    divider: '#27324A',
    error: '#FCA5A5',
    warning: '#FCD34D',
    success: '#86EFAC',
    info: '#93C5FD',
    navbar: {
      background: '#060A14',
      text: '#E2E8F0',
      muted: '#8A97AD',
      activeBackground: '#2E2352',
      activeText: '#DDD6FE',
    },
    toolbar: { background: '#0F1729', text: '#E2E8F0' },
    fontFamily: '"IBM Plex Sans Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingFontFamily: '"IBM Plex Sans Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingWeight: 600,
    radius: 8,
    loginBackground:
      'radial-gradient(900px 500px at 80% 0%, rgba(167,139,250,0.35), transparent 60%), radial-gradient(700px 500px at 0% 100%, rgba(94,234,212,0.18), transparent 60%), #060A14',
  },
  // Theme 5: HSBC: white chrome, red accent, Nunito Sans, square corners.
  hsbc: {
    key: 'hsbc',
    mode: 'light',
    primary: '#C8000F',
    primaryContrast: '#FFFFFF',
    secondary: '#333333',
    secondaryContrast: '#FFFFFF',
    background: '#F5F5F5',
    paper: '#FFFFFF',
    text: '#1F1F1F',
    textSecondary: '#545454',
    divider: '#E0E0E0',
    error: '#B3000D',
    warning: '#8F5200',
    success: '#00703C',
    info: '#305A85',
    navbar: {
      background: '#FFFFFF',
      text: '#252525',
      muted: '#5C5C5C',
      activeBackground: '#FCE8EA',
      activeText: '#A8000C',
    },
    toolbar: { background: '#FFFFFF', text: '#1F1F1F' },
    fontFamily: '"Nunito Sans Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingFontFamily: '"Nunito Sans Variable", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headingWeight: 700,
    radius: 0,
    loginBackground:
      'linear-gradient(135deg, transparent 0 62%, rgba(200,0,15,0.06) 62% 78%, rgba(200,0,15,0.12) 78% 100%), linear-gradient(180deg, #FFFFFF 0%, #FAFAFA 100%)',
  },
};
