/** Five branded MUI themes and their printable variants, built from the shared tokens. */
import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_KEYS, type TThemeKey } from '@sextant/shared/values';
import { THEME_TOKENS, type TThemeTokens } from '@sextant/shared/themes';

declare module '@mui/material/styles' {
  interface Theme {
    sextant: TThemeTokens & { printable: boolean };
  }
  interface ThemeOptions {
    sextant?: TThemeTokens & { printable: boolean };
  }
}

export function buildTheme(key: TThemeKey, printable = false): Theme {
  const t = THEME_TOKENS[key];
  const tokens: TThemeTokens = printable
    ? {
        ...t,
        mode: 'light',
        background: '#FFFFFF',
        paper: '#FFFFFF',
        text: '#111111',
        textSecondary: '#444444',
        divider: '#CCCCCC',
        // Dark-mode accents are too light on white paper: print uses the darker light-mode set.
        ...(t.mode === 'dark'
          ? {
              primary: '#5B21B6',
              primaryContrast: '#FFFFFF',
              secondary: '#0F766E',
              secondaryContrast: '#FFFFFF',
              error: '#B91C1C',
              warning: '#92400E',
              success: '#166534',
              info: '#1E40AF',
            }
          : {}),
      }
    : t;
  // Status colours are dark on light themes (white text on them) and light on dark themes (dark text).
  const onStatus = tokens.mode === 'dark' ? '#0B1120' : '#FFFFFF';
  const heading = { fontFamily: tokens.headingFontFamily, fontWeight: tokens.headingWeight, letterSpacing: '-0.01em' };
  return createTheme({
    sextant: { ...tokens, printable },
    palette: {
      mode: tokens.mode,
      primary: { main: tokens.primary, contrastText: tokens.primaryContrast },
      secondary: { main: tokens.secondary, contrastText: tokens.secondaryContrast },
      error: { main: tokens.error, contrastText: onStatus },
      warning: { main: tokens.warning, contrastText: onStatus },
      success: { main: tokens.success, contrastText: onStatus },
      info: { main: tokens.info, contrastText: onStatus },
      background: { default: tokens.background, paper: tokens.paper },
      text: { primary: tokens.text, secondary: tokens.textSecondary },
      divider: tokens.divider,
    },
    shape: { borderRadius: tokens.radius },
    typography: {
      fontFamily: tokens.fontFamily,
      fontSize: printable ? 12 : 14,
      h1: { ...heading, fontSize: '2.25rem' },
      h2: { ...heading, fontSize: '1.875rem' },
      h3: { ...heading, fontSize: '1.5rem' },
      h4: { ...heading, fontSize: '1.375rem' },
      h5: { ...heading, fontSize: '1.125rem' },
      h6: { ...heading, fontSize: '1rem' },
      button: { textTransform: 'none', fontWeight: 600 },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
          '@media print': { body: { background: '#fff' } },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: printable ? { boxShadow: 'none' } : {} },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
      },
      // not interactive: a tooltip must not stay over the next icon button while the pointer moves to it
      MuiTooltip: { defaultProps: { arrow: true, disableInteractive: true } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'flex-start' } } },
    },
  });
}

const cache = new Map<string, Theme>();
export function themeFor(key: TThemeKey, printable = false): Theme {
  const id = `${key}:${printable}`;
  let theme = cache.get(id);
  if (!theme) {
    theme = buildTheme(key, printable);
    cache.set(id, theme);
  }
  return theme;
}

export const isThemeKey = (v: unknown): v is TThemeKey =>
  typeof v === 'string' && (THEME_KEYS as readonly string[]).includes(v);
