// @vitest-environment jsdom
/**
 * The sign-in page's lean stand-ins render what the MUI components and react-i18next's Trans they replace render (the
 * same elements, attributes, classes and styles, in the app's theme), and behave the same.
 */
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { Trans } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import i18n from '../app/i18n.ts';
import { themeFor } from '../app/theme/themes.ts';
import { FixedTabs } from './fixed-tabs.tsx';
import { OutlinedTextField } from './outlined-text-field.tsx';
import { TaggedText } from './tagged-text.tsx';

const theme = themeFor('paytech');
/** The CSS emotion inserted for a class, with the class name left out. */
const cssOf = (className: string) =>
  Array.from(document.querySelectorAll('style[data-emotion]'))
    .map((s) => s.textContent ?? '')
    .join('')
    .split('}')
    .filter((rule) => rule.includes(`.${className}`))
    .map((rule) => rule.replaceAll(className, 'X'))
    .join('}');
/**
 * What a render shows: its HTML with each emotion class replaced by that class's CSS (emotion names a class by a hash
 * of the style objects, which differ for equal CSS).
 */
const html = (ui: ReactNode) => {
  const { container, unmount } = render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
  const out = container.innerHTML.replace(/css-[a-z0-9]+(-[A-Za-z-]+)?/g, (c) => `{${cssOf(c)}}`);
  unmount();
  return out;
};

describe('OutlinedTextField', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['plain', { label: 'Username', name: 'username', value: '', onChange: () => {} }],
    [
      'as on the sign-in page',
      { label: 'Username', name: 'username', autoComplete: 'username', size: 'medium', value: 'x', onChange: () => {} },
    ],
    [
      'with an error, a helper text and an adornment',
      {
        label: 'Password',
        name: 'password',
        type: 'password',
        size: 'medium',
        error: true,
        helperText: 'Enter your password',
        value: '',
        onChange: () => {},
        slotProps: {
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label="Show password" edge="end">
                  x
                </IconButton>
              </InputAdornment>
            ),
          },
        },
      },
    ],
    ['without a label, required, disabled', { name: 'q', required: true, disabled: true, placeholder: 'Search' }],
  ];
  for (const [name, props] of cases)
    it(`renders what TextField renders: ${name}`, () => {
      const theirs = html(<TextField id="f" {...props} />);
      const ours = html(<OutlinedTextField id="f" {...props} />);
      expect(ours).toBe(theirs);
      expect(ours).toContain('min-width:0'); // the CSS is in the comparison (FormControl's root)
    });

  it('passes typing on and ties the label to the input', () => {
    const onChange = vi.fn();
    const { getByLabelText } = render(
      <ThemeProvider theme={theme}>
        <OutlinedTextField label="Email" name="email" value="" onChange={onChange} helperText="We send a link" />
      </ThemeProvider>,
    );
    const input = getByLabelText('Email') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'a@b.c' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-helper-text`);
  });
});

describe('FixedTabs', () => {
  const tabs = (T: typeof Tabs | typeof FixedTabs, value: string, onChange = () => {}) => {
    const Component = T as (p: Record<string, unknown>) => ReactElement;
    return (
      <Component value={value} onChange={onChange} variant="fullWidth" aria-label="Sign-in method">
        <Tab value="password" label="Password" />
        <Tab value="email" label="Email link" />
      </Component>
    );
  };

  it('renders what Tabs renders (fullWidth, each tab selected)', () => {
    for (const value of ['password', 'email']) expect(html(tabs(FixedTabs, value))).toBe(html(tabs(Tabs, value)));
  });

  it('renders what Tabs renders in the standard variant', () => {
    const row = (T: typeof Tabs | typeof FixedTabs) => {
      const Component = T as (p: Record<string, unknown>) => ReactElement;
      return (
        <Component value={1} aria-label="Views">
          <Tab label="One" />
          <Tab label="Two" />
          <Tab label="Three" disabled />
        </Component>
      );
    };
    expect(html(row(FixedTabs))).toBe(html(row(Tabs)));
  });

  it('reports a click and moves the focus with the arrow keys, Home and End, past a disabled tab', () => {
    const onChange = vi.fn();
    const { getByRole } = render(
      <ThemeProvider theme={theme}>
        <FixedTabs value="a" onChange={onChange} aria-label="Views">
          <Tab value="a" label="A" />
          <Tab value="b" label="B" />
          <Tab value="c" label="C" disabled />
        </FixedTabs>
      </ThemeProvider>,
    );
    fireEvent.click(getByRole('tab', { name: 'B' }));
    expect(onChange).toHaveBeenCalledWith(expect.anything(), 'b');
    const a = getByRole('tab', { name: 'A' });
    act(() => a.focus());
    const focused = () => document.activeElement?.textContent;
    fireEvent.keyDown(a, { key: 'ArrowRight' });
    expect(focused()).toBe('B');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(focused()).toBe('A'); // C is disabled: around the end
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(focused()).toBe('B');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('A');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('B');
  });
});

describe('TaggedText', () => {
  const link = (
    <Link component="button" type="button" variant="body2">
      {null}
    </Link>
  );
  const both = (text: string) => {
    i18n.addResource('en', 'auth', '__tagged', text);
    const t = i18n.getFixedT('en', 'auth');
    return [
      html(<TaggedText text={t('__tagged')} components={{ action: link }} />),
      html(<Trans t={t} i18nKey="__tagged" components={{ action: link }} />),
    ];
  };

  it("shows the sign-in page's hint as Trans shows it, in every language", async () => {
    const texts = [i18n.getFixedT('en', 'auth')('login.trouble')];
    const { default: de } = await import('../locales/de/auth.json');
    texts.push(de.login.trouble);
    for (const text of texts) {
      const [ours, theirs] = both(text);
      expect(ours).toBe(theirs);
      expect(ours).toContain('<button');
    }
  });

  it('decodes entities and keeps basic tags as Trans does', () => {
    const [ours, theirs] = both(
      'A &amp; B <strong>bold</strong><br/>and <action>act</action> &lt;x&gt; <other>text</other>',
    );
    expect(ours).toBe(theirs);
  });
});

describe('zod-config', () => {
  it('turns off zod’s compiled parsers in the configuration zod reads', async () => {
    await import('../app/zod-config.ts');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
  });
});
