import { describe, expect, it } from 'vitest';
import { THEME_KEYS } from '@sextant/shared/values';
import { THEME_TOKENS } from '@sextant/shared/themes';
import { AA_TEXT, contrastRatio, relativeLuminance } from '../../lib/contrast.ts';
import { buildTheme } from './themes.ts';

describe('contrast ratio', () => {
  it('matches WCAG reference values', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(relativeLuminance('#FF0000')).toBeCloseTo(0.2126, 4);
  });
  it('rejects colours it cannot read', () => {
    expect(() => relativeLuminance('red')).toThrow();
  });
});

describe.each(THEME_KEYS.flatMap((k) => [[k, false] as const, [k, true] as const]))(
  'theme %s (printable: %s)',
  (key, printable) => {
    const t = buildTheme(key, printable);
    const p = t.palette;
    const pairs: [string, string, string][] = [
      ['text.primary on background', p.text.primary, p.background.default],
      ['text.primary on paper', p.text.primary, p.background.paper],
      ['text.secondary on background', p.text.secondary, p.background.default],
      ['text.secondary on paper', p.text.secondary, p.background.paper],
      ['primary button text', p.primary.contrastText, p.primary.main],
      ['secondary button text', p.secondary.contrastText, p.secondary.main],
      ['primary as link text on paper', p.primary.main, p.background.paper],
      ['primary as link text on background', p.primary.main, p.background.default],
      ['error text on paper', p.error.main, p.background.paper],
      ['warning text on paper', p.warning.main, p.background.paper],
      ['success text on paper', p.success.main, p.background.paper],
      ['info text on paper', p.info.main, p.background.paper],
      ['error alert (filled) text', p.error.contrastText, p.error.main],
      ['warning alert (filled) text', p.warning.contrastText, p.warning.main],
      ['info alert (filled) text', p.info.contrastText, p.info.main],
      ['success alert (filled) text', p.success.contrastText, p.success.main],
    ];
    if (!printable) {
      const n = THEME_TOKENS[key].navbar;
      pairs.push(
        ['navbar text', n.text, n.background],
        ['navbar group labels', n.muted, n.background],
        ['navbar active item', n.activeText, n.activeBackground],
        ['toolbar text', THEME_TOKENS[key].toolbar.text, THEME_TOKENS[key].toolbar.background],
      );
    }
    it.each(pairs)('%s passes WCAG AA', (_name, fg, bg) => {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    });
  },
);

describe('themes are visibly different', () => {
  it('each theme has its own primary colour, navbar colour and font', () => {
    const primaries = new Set(THEME_KEYS.map((k) => THEME_TOKENS[k].primary));
    const navbars = new Set(THEME_KEYS.map((k) => THEME_TOKENS[k].navbar.background));
    const fonts = new Set(THEME_KEYS.map((k) => `${THEME_TOKENS[k].fontFamily}|${THEME_TOKENS[k].headingFontFamily}`));
    expect(primaries.size).toBe(THEME_KEYS.length);
    expect(navbars.size).toBe(THEME_KEYS.length);
    expect(fonts.size).toBe(THEME_KEYS.length);
  });
  it('printable variants print dark text on white', () => {
    for (const k of THEME_KEYS) {
      const t = buildTheme(k, true);
      expect(t.palette.background.paper).toBe('#FFFFFF');
      expect(t.palette.mode).toBe('light');
      expect(t.sextant.printable).toBe(true);
    }
  });
});
